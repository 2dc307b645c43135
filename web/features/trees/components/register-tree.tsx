import { useState } from 'react';
import { useNavigate } from 'react-router';
import { mutedText, sectionCard } from '../../../components/ui/looks';
import { LoadingState } from '../../../components/ui/status-cards';
import { useTree } from '../api';
import { treePath } from '../format';
import { TreeForm } from './tree-form';
import { useT } from '../../../i18n/use-t';
import { treesMessages } from '../messages';

/** Tree Registration: one species at one spot, with where, when and how big; then its page. */
export function RegisterTree({
  replacesTreeId,
  driveId,
}: {
  replacesTreeId?: string | undefined;
  driveId?: string | undefined;
}) {
  const navigate = useNavigate();
  const t = useT(treesMessages);
  // A replacement starts from the dead tree's species, plants, size and place; if it cannot be
  // read (gone, not yours) the form starts empty and the server's refusal says why on sending.
  const dead = useTree(replacesTreeId);
  // Wait for its first answer only: a failed read is tried again when the form's note mounts.
  const [settled, setSettled] = useState(false);
  const answered = dead.data !== undefined || dead.isError;
  if (answered && !settled) setSettled(true);
  const waiting = replacesTreeId !== undefined && !settled && !answered;
  return (
    <section className={`${sectionCard} mx-auto max-w-4xl`} aria-labelledby="register-tree-heading">
      <div className="card-body gap-4">
        <div>
          <h2 id="register-tree-heading" className="text-xl font-bold">
            {replacesTreeId ? t('register.titleReplacement') : t('register.title')}
          </h2>
          <p className={mutedText}>{t('register.intro')}</p>
        </div>
        {waiting ? (
          <LoadingState label={t('register.loadingReplaced')} />
        ) : (
          <TreeForm
            mode="register"
            replacesTreeId={replacesTreeId}
            replaces={dead.data}
            driveId={driveId}
            onSaved={(tree) => void navigate(treePath(tree.id))}
          />
        )}
      </div>
    </section>
  );
}
