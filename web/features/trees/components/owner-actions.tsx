import { useNavigate } from 'react-router';
import { toast } from '../../../components/ui/toast';
import { CARE_MESSAGES } from '../../../../contract/tree-care';
import { TREE_MESSAGES, type Tree } from '../../../../contract/trees';
import { Button } from '../../../components/ui/button';
import { mutedText } from '../../../components/ui/looks';
import { useModal } from '../../../components/ui/modal';
import { useDeleteTree, useReportHealth } from '../api';
import { MY_TREES_PATH } from '../format';
import { CareForm, DeathForm } from './care-forms';
import { MeasurementForm } from './measurement-form';
import { ProblemForm } from './problem-form';
import { TreeForm } from './tree-form';
import { failureMessage } from '../../../lib/api-client';
import { useToastOutcome } from './field-outcome';
import { useT } from '../../../i18n/use-t';
import { treeCareMessages } from '../messages';
import { useTreeNames } from '../use-tree-names';

/** What the owner can do with a tree: measure, log care, mark dead, edit, delete. */
export function OwnerActions({ tree }: { tree: Tree }) {
  const modal = useModal();
  const t = useT(treeCareMessages);
  const toastOutcome = useToastOutcome();
  const navigate = useNavigate();
  const remove = useDeleteTree();
  const names = useTreeNames();
  const title = names.title(tree);
  const revive = useReportHealth(tree.id, t('death.queue', { title }));
  const dead = tree.status === 'dead';
  const sick = tree.status === 'needs-care';

  const openMeasure = () =>
    modal.open({
      title: t('actions.measure'),
      body: (close) => <MeasurementForm tree={tree} onDone={close} />,
    });
  const openCare = () =>
    modal.open({
      title: t('actions.care'),
      body: (close) => <CareForm tree={tree} onDone={close} />,
    });
  const openProblem = () =>
    modal.open({
      title: t('actions.problem'),
      body: (close) => <ProblemForm tree={tree} onDone={close} />,
    });
  const openDead = () =>
    modal.open({
      title: t('actions.dead'),
      body: (close) => <DeathForm tree={tree} onDone={close} />,
    });
  const openEdit = () =>
    modal.open({
      title: t('actions.editTitle'),
      size: 'xl',
      body: (close) => <TreeForm mode="edit" tree={tree} onSaved={close} onCancel={close} />,
    });
  const askDelete = async () => {
    const yes = await modal.confirm({
      title: t('actions.deleteTitle'),
      message: t('actions.deleteConfirm', { title }),
      confirmLabel: t('actions.delete'),
    });
    if (!yes) return;
    try {
      await remove.mutateAsync(tree.id);
      toast.success(TREE_MESSAGES.deleted);
      void navigate(MY_TREES_PATH);
    } catch (error) {
      toast.error(failureMessage(error));
    }
  };

  return (
    <div className="flex flex-col gap-3" data-testid="owner-actions">
      <div role="group" aria-label={t('actions.group')} className="flex flex-wrap gap-2">
        <Button size="sm" onClick={openMeasure} disabled={dead}>
          {t('actions.measure')}
        </Button>
        <Button size="sm" variant="secondary" onClick={openCare} disabled={dead}>
          {t('actions.care')}
        </Button>
        {dead || sick ? null : (
          <Button size="sm" variant="secondary" onClick={openProblem}>
            {t('actions.problem')}
          </Button>
        )}
        {dead ? null : (
          <Button size="sm" variant="secondary" onClick={openDead}>
            {t('actions.dead')}
          </Button>
        )}
        <Button size="sm" variant="secondary" onClick={openEdit}>
          {t('actions.edit')}
        </Button>
        <Button
          size="sm"
          variant="danger"
          onClick={() => void askDelete()}
          busy={remove.isPending}
          busyLabel={t('actions.deleting')}
        >
          {t('actions.delete')}
        </Button>
      </div>
      {dead || sick ? (
        <div className="flex flex-wrap items-center gap-3">
          <p className={`text-sm ${mutedText}`}>
            {dead ? CARE_MESSAGES.deadTree : CARE_MESSAGES.needsCareTree}
          </p>
          <Button
            size="sm"
            variant="ghost"
            busy={revive.isPending}
            onClick={() =>
              revive.mutate(
                { status: 'healthy' },
                {
                  onSuccess: toastOutcome,
                  onError: (error) => toast.error(failureMessage(error)),
                },
              )
            }
          >
            {t('actions.healthy')}
          </Button>
        </div>
      ) : null}
    </div>
  );
}
