import { adminFr } from '@guichet/shared';
import { ListPage, type ListPageProps } from '../../ui/ListPage';

/** A back-office list whose query answers the records themselves; a failed load is said the back office's way. */
export function AdminListPage<T>(props: Omit<ListPageProps<T[], T>, 'items' | 'errorTitle'>) {
  return <ListPage {...props} items={(list) => list} errorTitle={adminFr.common.loadFailed} />;
}
