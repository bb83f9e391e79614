import {
  BookOpen,
  Building2,
  CircleHelp,
  CircleUserRound,
  Download,
  FileClock,
  FileText,
  FlaskConical,
  GraduationCap,
  Hospital,
  IdCard,
  KeyRound,
  LayoutDashboard,
  LifeBuoy,
  ListTree,
  Lock,
  LogIn,
  Mail,
  MapPin,
  MessageSquare,
  Palette,
  PenLine,
  Rocket,
  Settings,
  ShieldCheck,
  Sparkles,
  Stethoscope,
  Users,
  type LucideIcon,
} from 'lucide-react';

/**
 * The icons an editor can pick for a help category, by lucide name (what the database stores).
 * The list is fixed so the bundle only carries these few icons.
 */
export const HELP_ICON_CHOICES: ReadonlyArray<{ name: string; label: string; icon: LucideIcon }> = [
  { name: 'rocket', label: 'Rocket (getting started)', icon: Rocket },
  { name: 'key-round', label: 'Key (signing in)', icon: KeyRound },
  { name: 'lock', label: 'Lock (security)', icon: Lock },
  { name: 'id-card', label: 'ID card (profile)', icon: IdCard },
  { name: 'pen-line', label: 'Pen (biography)', icon: PenLine },
  { name: 'layout-dashboard', label: 'Dashboard', icon: LayoutDashboard },
  { name: 'flask-conical', label: 'Flask (discovery)', icon: FlaskConical },
  { name: 'message-square', label: 'Message (feedback)', icon: MessageSquare },
  { name: 'download', label: 'Download (your data)', icon: Download },
  { name: 'shield-check', label: 'Shield (administrators)', icon: ShieldCheck },
  { name: 'building-2', label: 'Building (hospitals)', icon: Building2 },
  { name: 'palette', label: 'Palette (brand)', icon: Palette },
  { name: 'list-tree', label: 'Tree (taxonomy)', icon: ListTree },
  { name: 'file-clock', label: 'File with clock (audit)', icon: FileClock },
  { name: 'sparkles', label: 'Sparkles (AI writing)', icon: Sparkles },
  { name: 'stethoscope', label: 'Stethoscope', icon: Stethoscope },
  { name: 'graduation-cap', label: 'Graduation cap (education)', icon: GraduationCap },
  { name: 'map-pin', label: 'Map pin (locations)', icon: MapPin },
  { name: 'book-open', label: 'Book', icon: BookOpen },
  { name: 'file-text', label: 'Document', icon: FileText },
  { name: 'users', label: 'People', icon: Users },
  { name: 'hospital', label: 'Hospital', icon: Hospital },
  { name: 'mail', label: 'Mail', icon: Mail },
  { name: 'settings', label: 'Settings', icon: Settings },
  { name: 'log-in', label: 'Sign in', icon: LogIn },
  { name: 'circle-user-round', label: 'Account', icon: CircleUserRound },
  { name: 'circle-help', label: 'Question', icon: CircleHelp },
  { name: 'life-buoy', label: 'Life buoy (support)', icon: LifeBuoy },
];

const key = (name: string) => name.toLowerCase().replace(/[^a-z]/g, '');

// Older content used short aliases; they keep working.
const ICONS: Record<string, LucideIcon> = {
  ...Object.fromEntries(HELP_ICON_CHOICES.map((choice) => [key(choice.name), choice.icon])),
  book: BookOpen,
  building: Building2,
  account: CircleUserRound,
  user: CircleUserRound,
  usercircle: CircleUserRound,
  file: FileText,
  education: GraduationCap,
  key: KeyRound,
  security: Lock,
  email: Mail,
  location: MapPin,
  message: MessageSquare,
  feedback: MessageSquare,
  shield: ShieldCheck,
  admin: ShieldCheck,
  ai: Sparkles,
  profile: Stethoscope,
  dashboard: LayoutDashboard,
};

export function helpIcon(name: string | null | undefined): LucideIcon {
  return ICONS[key(name ?? '')] ?? LifeBuoy;
}
