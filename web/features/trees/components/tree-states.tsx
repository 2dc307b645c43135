import { TREE_MESSAGES } from '../../../../contract/trees';
import { NotFoundCard } from '../../../components/ui/status-cards';
import { MY_TREES_PATH } from '../format';
import { useT } from '../../../i18n/use-t';
import { treesMessages } from '../messages';

/** Shown inside the app for an unknown or deleted tree. */
export function TreeNotFound() {
  const t = useT(treesMessages);
  return (
    <NotFoundCard
      headingId="tree-missing"
      title={TREE_MESSAGES.notFound}
      to={MY_TREES_PATH}
      linkLabel={t('notFound.link')}
    >
      {t('notFound.body')}
    </NotFoundCard>
  );
}
