import { Toaster as Sonner } from 'sonner';
import { TOAST } from '@shared/limits';

/** The app's notifications, top right; F8 moves focus to them. */
export default function Toaster() {
  return <Sonner position="top-right" visibleToasts={TOAST.visible} duration={TOAST.durationMs} hotkey={['F8']} closeButton richColors />;
}
