import { TREE_MESSAGES } from '../../../../contract/trees';
import { NotFoundCard } from '../../../components/ui/status-cards';
import { MY_TREES_PATH } from '../format';

/** Shown inside the app for an unknown or deleted tree. */
export function TreeNotFound() {
  return (
    <NotFoundCard
      headingId="tree-missing"
      title={TREE_MESSAGES.notFound}
      to={MY_TREES_PATH}
      linkLabel="Go to My Trees"
    >
      The link may be wrong, or the tree may have been deleted by the person who registered it.
    </NotFoundCard>
  );
}
