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
import { useIntlLocale } from '../../../i18n/intl-locale';
import { useT } from '../../../i18n/use-t';
import { failureMessage } from '../../../lib/api-client';
import { formatCount } from '../../../lib/numbers';
import { givingMessages } from '../messages';
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
  const t = useT(givingMessages);
  const locale = useIntlLocale();
  const [rows, setRows] = useState<BatchRecipient[] | null>(null);
  const [problems, setProblems] = useState<string[]>([]);
  const [treesEach, setTreesEach] = useState('1');
  const [message, setMessage] = useState('');
  const [submitError, setSubmitError] = useState<string | null>(null);
  const create = useCreateGiftBatch();
  const trees = Number(treesEach);
  const treesError = Number.isInteger(trees) && trees >= 1 ? undefined : t('batch.treesWhole');

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

  const fileError = problems.length ? t('batch.problems', { count: problems.length }) : undefined;
  return (
    <form
      className="flex flex-col gap-4"
      aria-label={t('batch.formLabel')}
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
        label={t('batch.file')}
        hint={t('batch.fileHint', { max: GIFT_LIMITS.batchMax })}
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
            <li>
              {t('batch.more', { count: formatCount(problems.length - PROBLEMS_SHOWN, locale) })}
            </li>
          ) : null}
        </ul>
      ) : rows ? (
        <p role="status">{t('batch.ready', { count: rows.length })}</p>
      ) : null}
      <TextField
        label={t('batch.treesEach')}
        type="number"
        inputMode="numeric"
        min={1}
        value={treesEach}
        onChange={(event) => setTreesEach(event.target.value)}
        error={treesError}
      />
      <TextAreaField
        label={t('batch.message')}
        maxLength={GIFT_LIMITS.messageMax}
        rows={3}
        value={message}
        onChange={(event) => setMessage(event.target.value)}
      />
      {rows && !treesError ? <p>{t('batch.inAll', { count: rows.length * trees })}</p> : null}
      {submitError ? (
        <p className="alert alert-error" role="alert">
          {submitError}
        </p>
      ) : null}
      <Button type="submit" busy={create.isPending} disabled={!rows || Boolean(treesError)}>
        {t('batch.submit')}
      </Button>
    </form>
  );
}
