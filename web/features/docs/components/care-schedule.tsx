import { CARE_SCHEDULE, type CareRule } from '../../../../contract/tree-care';
import { useT } from '../../../i18n/use-t';
import { docsMessages, type DocsT } from '../messages';
import { List } from './doc-prose';

const every = (t: DocsT, { task, every }: CareRule) =>
  task === 'checkup'
    ? t('care.checkupAfter', { months: 'months' in every ? every.months : every.days })
    : 'days' in every
      ? t('care.everyDays', { days: every.days })
      : t('care.everyMonths', { months: every.months });

function span(t: DocsT, { fromYears, toYears }: CareRule): string {
  if (toYears === null) return t('care.forLife');
  if (toYears - fromYears === 1)
    return fromYears === 0 ? t('care.firstYear') : t('care.year', { year: toYears });
  return fromYears === 0
    ? t('care.firstYears', { years: toYears })
    : t('care.years', { from: fromYears + 1, to: toYears });
}

/** The care reminders' schedule, read from the one the server derives due tasks from. */
export function CareScheduleList() {
  const t = useT(docsMessages);
  return (
    <List>
      {CARE_SCHEDULE.map((rule) => (
        <li key={`${rule.task}-${rule.fromYears}`}>
          {rule.task === 'checkup'
            ? t('care.itemCheckup', { task: t(`care.task.${rule.task}`), every: every(t, rule) })
            : t('care.item', {
                task: t(`care.task.${rule.task}`),
                every: every(t, rule),
                span: span(t, rule),
              })}
        </li>
      ))}
    </List>
  );
}
