import {
  BadgeCheck,
  BookOpenText,
  Building2,
  FileClock,
  LayoutDashboard,
  ListTree,
  MessageSquare,
  Palette,
  ShieldCheck,
  Sparkles,
  Stethoscope,
  Users,
  Wrench,
  type LucideIcon,
} from 'lucide-react';
import type { AdminRole } from '@shared/enums';

export interface ConsoleSection {
  id: string;
  label: string;
  /** Absolute path of the section's page. */
  to: string;
  icon: LucideIcon;
  /** Who may open it (profile spec §6). */
  roles: readonly AdminRole[];
  /** Off until the issue that builds the page lands; the entry is hidden meanwhile. */
  enabled: boolean;
  /** One line for the dashboard's quick links. */
  summary: string;
  /** Pages outside `to` that belong to this section (the phone's console bar names it there). */
  also?: readonly string[];
}

const BOTH: readonly AdminRole[] = ['system_admin', 'hospital_admin'];
const SYSTEM: readonly AdminRole[] = ['system_admin'];

/** The console's sections, in sidebar order. Later issues switch their entry on here. */
export const CONSOLE_SECTIONS: readonly ConsoleSection[] = [
  { id: 'dashboard', label: 'Dashboard', to: '/system-admin', icon: LayoutDashboard, roles: BOTH, enabled: true, summary: 'Overview of your organisation.' },
  {
    id: 'hospitals',
    label: 'Hospitals',
    to: '/system-admin/hospitals',
    icon: Building2,
    roles: BOTH,
    enabled: true,
    summary: 'Hospital settings, locations and data sources.',
    // A hospital's Data sources tab links its listing-service tests.
    also: ['/yext-test', '/yext-expertise-test', '/yext-field-mapping-test'],
  },
  { id: 'users', label: 'Users', to: '/system-admin/users', icon: Users, roles: BOTH, enabled: true, summary: 'Provider accounts and their profiles.' },
  {
    id: 'admins',
    label: 'Administrators',
    to: '/system-admin/admins',
    icon: ShieldCheck,
    roles: BOTH,
    enabled: true,
    summary: 'Invite, edit, deactivate or remove administrators.',
  },
  { id: 'taxonomy', label: 'Taxonomy', to: '/system-admin/taxonomy', icon: ListTree, roles: BOTH, enabled: true, summary: 'Specialty taxonomies.' },
  {
    id: 'terms',
    label: 'Expertise terms',
    to: '/system-admin/expertise-terms',
    icon: Stethoscope,
    roles: BOTH,
    enabled: true,
    summary: 'Conditions, procedures and reasons for visit.',
  },
  {
    id: 'help',
    label: 'Help content',
    to: '/system-admin/help',
    icon: BookOpenText,
    roles: SYSTEM,
    enabled: true,
    summary: 'Help Center categories and answers.',
  },
  {
    id: 'prompts',
    label: 'Prompt templates',
    to: '/system-admin/prompt-templates',
    icon: Sparkles,
    roles: BOTH,
    enabled: true,
    summary: 'Templates for AI-written biographies.',
  },
  {
    id: 'brand',
    label: 'Brand',
    to: '/system-admin/brand',
    icon: Palette,
    roles: BOTH,
    enabled: true,
    summary: 'Reading levels, tone and brand guidelines.',
    also: ['/system-admin/brand-voice'],
  },
  // The list lives at /admin/feedback (its own route since the original product); the entry links there.
  {
    id: 'feedback',
    label: 'Feedback',
    to: '/admin/feedback',
    icon: MessageSquare,
    roles: BOTH,
    enabled: true,
    summary: 'Review, triage and close feedback from beta users.',
  },
  {
    id: 'npi-claims',
    label: 'NPI claims',
    to: '/system-admin/npi-claims',
    icon: BadgeCheck,
    roles: SYSTEM,
    enabled: true,
    summary: 'Clinicians claiming an NPI another account holds.',
  },
  {
    id: 'audit',
    label: 'Audit log',
    to: '/system-admin/audit-log',
    icon: FileClock,
    roles: SYSTEM,
    enabled: true,
    summary: 'Every sign-in and change, newest first.',
  },
  // The technical pages, one entry for system administrators (issue T3 4/7 item 3).
  {
    id: 'developer',
    label: 'Developer tools',
    to: '/system-admin/developer-tools',
    icon: Wrench,
    roles: SYSTEM,
    enabled: true,
    summary: 'Database schema, error reporting and listing-service tests.',
    also: ['/database-schema', '/test-sentry', '/yext-test', '/yext-expertise-test', '/yext-field-mapping-test'],
  },
];

/** The entries this administrator sees. */
export function consoleSectionsFor(role: AdminRole): ConsoleSection[] {
  return CONSOLE_SECTIONS.filter((section) => section.enabled && section.roles.includes(role));
}

/**
 * The section a console address belongs to: the sidebar marks it and the phone's console bar names it.
 * The dashboard is the console's root, which every console address starts with, so only its own
 * address is the dashboard.
 */
export function consoleSectionAt(pathname: string, role: AdminRole): ConsoleSection | undefined {
  const within = (path: string, exact: boolean) => pathname === path || (!exact && pathname.startsWith(`${path}/`));
  return consoleSectionsFor(role)
    .sort((a, b) => b.to.length - a.to.length)
    .find((section) => within(section.to, section.id === 'dashboard') || section.also?.some((path) => within(path, false)));
}

/** The section's name for the phone's console bar; 'Console' for a page of none of this administrator's sections. */
export function consoleSectionLabel(pathname: string, role: AdminRole): string {
  return consoleSectionAt(pathname, role)?.label ?? 'Console';
}
