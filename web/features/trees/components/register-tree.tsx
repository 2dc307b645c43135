import { useNavigate } from 'react-router';
import { mutedText, sectionCard } from '../../../components/ui/looks';
import { treePath } from '../format';
import { TreeForm } from './tree-form';

/** Tree Registration: one species at one spot, with where, when and how big; then its page. */
export function RegisterTree({
  replacesTreeId,
  driveId,
}: {
  replacesTreeId?: string | undefined;
  driveId?: string | undefined;
}) {
  const navigate = useNavigate();
  return (
    <section className={`${sectionCard} mx-auto max-w-4xl`} aria-labelledby="register-tree-heading">
      <div className="card-body gap-4">
        <div>
          <h2 id="register-tree-heading" className="text-xl font-bold">
            {replacesTreeId ? 'Register the replacement tree' : 'Register a tree you planted'}
          </h2>
          <p className={mutedText}>
            Several plants of one species at one spot make one record. You can add measurements,
            care and health updates on the tree’s page afterwards.
          </p>
        </div>
        <TreeForm
          mode="register"
          replacesTreeId={replacesTreeId}
          driveId={driveId}
          onSaved={(tree) => void navigate(treePath(tree.id))}
        />
      </div>
    </section>
  );
}
