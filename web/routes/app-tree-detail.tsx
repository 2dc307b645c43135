import { useParams } from 'react-router';
import { usePageTitle } from '../components/ui/page-title';
import { useT } from '../i18n/use-t';
import { treesMessages } from '../features/trees/messages';
import { LoadErrorCard, LoadingState } from '../components/ui/status-cards';
import { TreeProvenance } from '../features/nursery/components/tree-provenance';
import { isMissingTree, useTree } from '../features/trees/api';
import { TreeDetail } from '../features/trees/components/tree-detail';
import { TreeNotFound } from '../features/trees/components/tree-states';
import { TreeVerification } from '../features/trees/components/tree-verification';
import { failureMessage } from '../lib/api-client';

/** /app/trees/:id — one tree: impact, growth, photos, care; its owner measures, edits or deletes it. */
export default function AppTreeDetail() {
  const t = useT(treesMessages);
  usePageTitle(t('page.detail'));
  const { id } = useParams();
  const tree = useTree(id);
  if (tree.data)
    return (
      // One column: the provenance card lines up with the tree's own cards (issue 23 §4).
      <div className="flex flex-col gap-6">
        <div className="mx-auto w-full max-w-5xl">
          <TreeVerification tree={tree.data} />
        </div>
        <TreeDetail tree={tree.data}>
          <TreeProvenance treeId={tree.data.id} />
        </TreeDetail>
      </div>
    );
  if (!id || (tree.isError && isMissingTree(tree.error))) return <TreeNotFound />;
  if (tree.isError)
    return (
      <LoadErrorCard
        message={failureMessage(tree.error, t('detail.loadFailed'))}
        onRetry={() => void tree.refetch()}
      />
    );
  return <LoadingState label={t('detail.loading')} />;
}
