import { BellRing } from 'lucide-react';
import { useId, useState, type FormEvent, type ReactNode } from 'react';
import { toast } from 'sonner';
import { NOTIFICATION_CATEGORIES, WEEKDAYS, type NotificationCategory, type NotificationSettings } from '@shared/schemas/notifications';
import { Button } from '@web/components/ui/button';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '@web/components/ui/card';
import { isApiError } from '@web/lib/api-client';
import { useNotificationSettings, useSaveNotificationSettings } from '../api/notifications';

const CATEGORY_LABELS: Record<NotificationCategory, string> = {
  publications: 'New publications',
  clinicalTrials: 'New clinical trials',
  mediaPress: 'New media and press',
  profileUpdates: 'Profile updates',
  systemUpdates: 'System updates',
};

const localTime = new Intl.DateTimeFormat(undefined, { weekday: 'long', day: 'numeric', month: 'long', hour: 'numeric', minute: '2-digit' });

function Check({
  label,
  checked,
  onChange,
  disabled,
  children,
}: {
  label: string;
  checked: boolean;
  onChange: (on: boolean) => void;
  disabled?: boolean;
  children?: ReactNode;
}) {
  return (
    <label className="flex cursor-pointer items-start gap-3 has-[:disabled]:cursor-default">
      <input
        type="checkbox"
        checked={checked}
        disabled={disabled}
        onChange={(event) => onChange(event.target.checked)}
        className="mt-0.5 size-4 accent-brand-600"
      />
      <span>
        <span className="block text-sm font-medium text-gray-900">{label}</span>
        {children ? <span className="block text-xs leading-5 text-gray-600">{children}</span> : null}
      </span>
    </label>
  );
}

function SettingsForm({ initial, nextRun }: { initial: NotificationSettings; nextRun: string | null }) {
  const save = useSaveNotificationSettings();
  const [form, setForm] = useState<NotificationSettings>(initial);
  const dayId = useId();
  const hourId = useId();
  const frequencyId = useId();
  const set = <K extends keyof NotificationSettings>(key: K, value: NotificationSettings[K]) => setForm((current) => ({ ...current, [key]: value }));
  const setCategory = (key: NotificationCategory, on: boolean) => setForm((current) => ({ ...current, categories: { ...current.categories, [key]: on } }));

  const submit = (event: FormEvent) => {
    event.preventDefault();
    save.mutate(form, {
      onSuccess: () => toast.success('Notification settings saved'),
      onError: (error) => toast.error(isApiError(error) ? error.message : 'The settings could not be saved'),
    });
  };

  const selectClass = 'mt-1 block h-10 w-full rounded-lg border border-gray-300 bg-white px-3 text-sm disabled:bg-gray-50 disabled:text-gray-500';
  const savedNextRun = save.data?.nextScheduledRun ?? nextRun;

  return (
    <form onSubmit={submit} className="space-y-6">
      <fieldset className="space-y-3">
        <legend className="text-sm font-semibold text-gray-900">How we tell you</legend>
        <Check label="In the app" checked disabled onChange={() => undefined}>
          Always on: discovery results appear under the bell in the header.
        </Check>
        <Check label="By e-mail" checked={form.emailEnabled} onChange={(on) => set('emailEnabled', on)}>
          A short e-mail when a search finds new items in a category you choose below.
        </Check>
        <Check label="By text message" checked={form.smsEnabled} onChange={(on) => set('smsEnabled', on)}>
          Vitae does not send text messages yet. We keep your choice for when it does.
        </Check>
      </fieldset>

      <fieldset className="space-y-3" disabled={!form.emailEnabled}>
        <legend className="text-sm font-semibold text-gray-900">E-mail me about</legend>
        <div className="grid gap-3 sm:grid-cols-2">
          {NOTIFICATION_CATEGORIES.map((key) => (
            <Check
              key={key}
              label={CATEGORY_LABELS[key]}
              checked={form.categories[key]}
              disabled={!form.emailEnabled}
              onChange={(on) => setCategory(key, on)}
            />
          ))}
        </div>
      </fieldset>

      <fieldset className="space-y-3">
        <legend className="text-sm font-semibold text-gray-900">Scheduled searches</legend>
        <Check label="Search for me automatically" checked={form.scheduleEnabled} onChange={(on) => set('scheduleEnabled', on)}>
          Publications and clinical trials, at the time below. Times are in UTC.
        </Check>
        <div className="grid gap-3 sm:grid-cols-3">
          <div>
            <label htmlFor={frequencyId} className="text-sm font-medium text-gray-800">
              How often
            </label>
            <select
              id={frequencyId}
              className={selectClass}
              disabled={!form.scheduleEnabled}
              value={form.frequency}
              onChange={(event) => set('frequency', event.target.value as NotificationSettings['frequency'])}
            >
              <option value="weekly">Weekly</option>
              <option value="daily">Daily</option>
            </select>
          </div>
          <div>
            <label htmlFor={dayId} className="text-sm font-medium text-gray-800">
              Day
            </label>
            <select
              id={dayId}
              className={selectClass}
              disabled={!form.scheduleEnabled || form.frequency === 'daily'}
              value={form.scheduleDay}
              onChange={(event) => set('scheduleDay', Number(event.target.value))}
            >
              {WEEKDAYS.map((day, index) => (
                <option key={day} value={index}>
                  {day}
                </option>
              ))}
            </select>
          </div>
          <div>
            <label htmlFor={hourId} className="text-sm font-medium text-gray-800">
              Time (UTC)
            </label>
            <select
              id={hourId}
              className={selectClass}
              disabled={!form.scheduleEnabled}
              value={form.scheduleHour}
              onChange={(event) => set('scheduleHour', Number(event.target.value))}
            >
              {Array.from({ length: 24 }, (_, hour) => (
                <option key={hour} value={hour}>
                  {String(hour).padStart(2, '0')}:00
                </option>
              ))}
            </select>
          </div>
        </div>
        {savedNextRun ? <p className="text-sm text-gray-700">Next search: {localTime.format(new Date(savedNextRun))} (your time).</p> : null}
      </fieldset>

      <Button type="submit" loading={save.isPending}>
        Save settings
      </Button>
    </form>
  );
}

/** Notification channels, e-mail categories and the scheduled search; on /discovery-lab and mountable elsewhere. */
export function NotificationSettingsCard() {
  const { data, isPending, isError } = useNotificationSettings();
  return (
    <Card id="notification-settings">
      <CardHeader>
        <CardTitle className="flex items-center gap-2">
          <BellRing aria-hidden="true" className="size-5 text-gray-500" />
          Notifications
        </CardTitle>
        <CardDescription>How you hear about new results, and when discovery searches for you.</CardDescription>
      </CardHeader>
      <CardContent>
        {isPending ? (
          <p className="text-sm text-gray-600">Loading…</p>
        ) : isError ? (
          <p className="text-sm text-red-700">Your notification settings could not be loaded.</p>
        ) : (
          <SettingsForm initial={data} nextRun={data.nextScheduledRun} />
        )}
      </CardContent>
    </Card>
  );
}
