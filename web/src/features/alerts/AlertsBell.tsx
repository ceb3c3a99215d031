/** Top bar: the bell with the unread alerts count (issue 13), linking to /alerts. */
import { Link } from 'react-router';
import { Icon } from '../../components/Icon';
import { useT } from '../../i18n';
import { useUnreadCount } from './alerts-api';

export function AlertsBell() {
  const t = useT();
  const count = useUnreadCount();
  const label = t('alerts.unreadBadge', { count });
  return (
    <Link to="/alerts" className="btn-ghost relative" aria-label={label} title={label} data-testid="alerts-bell">
      <Icon name="bell" />
      {count > 0 && (
        <span
          className="absolute -end-0.5 -top-0.5 min-w-5 rounded-full bg-red-700 px-1 text-center text-xs font-semibold leading-5 text-white"
          aria-hidden="true"
        >
          {count > 99 ? '99+' : count}
        </span>
      )}
    </Link>
  );
}
