import { useState } from 'react';
import { GIFT_LIMITS, parseRecipientsCsv, type BatchRecipient } from '../../../../contract/gifts';
import { Button } from '../../../components/ui/button';
import {
  FieldShell,
  TextAreaField,
  TextField,
  ariaOf,
  useFieldIds,
} from '../../../components/ui/form-field';
import { failureMessage } from '../../../lib/api-client';
import { useCreateGiftBatch } from '../api';
import { goToCheckout } from '../checkout-url';

/** The most problems listed at once (the file may have many). */
const PROBLEMS_SHOWN = 20;

/**
 * A corporate gift to many (issue 19 §5): a CSV of recipients (`name,email` header, one a line,
 * up to 500), the same number of trees for each, one payment. The file is read here with the
 * contract's parser (line-numbered problems, duplicates refused); the server checks it again.
 */
export function GiftBatchUpload({ driveId }: { driveId?: string | null }) {
  const fileIds = useFieldIds();
  const [rows, setRows] = useState<BatchRecipient[] | null>(null);
  const [problems, setProblems] = useState<string[]>([]);
  const [treesEach, setTreesEach] = useState('1');
  const [message, setMessage] = useState('');
  const [submitError, setSubmitError] = useState<string | null>(null);
  const create = useCreateGiftBatch();
  const trees = Number(treesEach);
  const treesError =
    Number.isInteger(trees) && trees >= 1 ? undefined : 'Please enter a whole number of trees.';

  async function read(file: File | undefined) {
    setSubmitError(null);
    if (!file) {
      setRows(null);
      setProblems([]);
      return;
    }
    const parsed = parseRecipientsCsv(await file.text());
    setRows(parsed.problems.length ? null : parsed.rows);
    setProblems(parsed.problems);
  }

  const fileError = problems.length
    ? `${problems.length} ${problems.length === 1 ? 'problem' : 'problems'} in the file:`
    : undefined;
  return (
    <form
      className="flex flex-col gap-4"
      aria-label="Give trees to many recipients"
      onSubmit={(event) => {
        event.preventDefault();
        if (!rows || treesError || create.isPending) return;
        create.mutate(
          {
            treesEach: trees,
            recipients: rows,
            ...(driveId ? { driveId } : {}),
            ...(message.trim() ? { message } : {}),
          },
          {
            onSuccess: (answer) => goToCheckout(answer.data.checkoutUrl),
            onError: (error) => setSubmitError(failureMessage(error)),
          },
        );
      }}
    >
      <FieldShell
        ids={fileIds}
        label="Recipients (CSV file)"
        hint={`A header line "name,email", then one recipient a line; at most ${GIFT_LIMITS.batchMax}.`}
        error={fileError}
      >
        <input
          type="file"
          accept=".csv,text/csv"
          className="file-input w-full"
          {...ariaOf(fileIds, true, fileError)}
          id={fileIds.inputId}
          onChange={(event) => void read(event.target.files?.[0])}
        />
      </FieldShell>
      {problems.length ? (
        <ul className="list-disc pl-6 text-sm text-red-700 dark:text-red-300" role="alert">
          {problems.slice(0, PROBLEMS_SHOWN).map((p) => (
            <li key={p}>{p}</li>
          ))}
          {problems.length > PROBLEMS_SHOWN ? (
            <li>and {problems.length - PROBLEMS_SHOWN} more.</li>
          ) : null}
        </ul>
      ) : rows ? (
        <p role="status">
          {rows.length} {rows.length === 1 ? 'recipient' : 'recipients'} ready.
        </p>
      ) : null}
      <TextField
        label="Trees for each recipient"
        type="number"
        inputMode="numeric"
        min={1}
        value={treesEach}
        onChange={(event) => setTreesEach(event.target.value)}
        error={treesError}
      />
      <TextAreaField
        label="Message to every recipient (optional)"
        maxLength={GIFT_LIMITS.messageMax}
        rows={3}
        value={message}
        onChange={(event) => setMessage(event.target.value)}
      />
      {rows && !treesError ? (
        <p>
          {(rows.length * trees).toLocaleString()} trees in all, one payment. Each recipient gets
          their own mail and link.
        </p>
      ) : null}
      {submitError ? (
        <p className="alert alert-error" role="alert">
          {submitError}
        </p>
      ) : null}
      <Button type="submit" busy={create.isPending} disabled={!rows || Boolean(treesError)}>
        Give and pay
      </Button>
    </form>
  );
}
