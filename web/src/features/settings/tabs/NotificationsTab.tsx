/** Company settings → Notifications: channels and the events that send them. */
import { NOTIFICATION_CHANNELS, NOTIFICATION_EVENTS } from '../../../../../shared/schemas/settings';
import { Section, ToggleField, type TabBind } from '../fields';

export function NotificationsTab(bind: TabBind) {
  const { t } = bind;
  return (
    <div className="grid gap-6 lg:grid-cols-2">
      <Section title={t('settings.sections.channels')}>
        {NOTIFICATION_CHANNELS.map((c) => (
          <ToggleField
            key={c}
            {...bind}
            path={`notificationSettings.channels.${c}`}
            label={t(`settings.channel.${c}`)}
          />
        ))}
      </Section>
      <Section title={t('settings.sections.events')}>
        {NOTIFICATION_EVENTS.map((ev) => (
          <ToggleField
            key={ev}
            {...bind}
            path={`notificationSettings.events.${ev}`}
            label={t(`settings.event.${ev}`)}
          />
        ))}
      </Section>
    </div>
  );
}
