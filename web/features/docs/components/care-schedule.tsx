import { CARE_SCHEDULE, type CareRule } from '../../../../contract/tree-care';
import { List } from './doc-prose';

const TASKS: Record<CareRule['task'], string> = {
  water: 'Water',
  weed: 'Weed',
  mulch: 'Mulch',
  measure: 'Measure',
  checkup: 'Check up on the tree (a measurement, or a health report with a photo)',
};

const every = ({ task, every }: CareRule) =>
  task === 'checkup'
    ? `once it has gone ${'months' in every ? every.months : every.days} months without a check`
    : 'days' in every
      ? `every ${every.days} days`
      : `every ${every.months} months`;

function span({ fromYears, toYears }: CareRule): string {
  if (toYears === null) return 'for as long as it lives';
  if (toYears - fromYears === 1)
    return fromYears === 0 ? 'in the first year' : `in year ${toYears}`;
  return fromYears === 0 ? `in the first ${toYears} years` : `in years ${fromYears + 1}–${toYears}`;
}

/** The care reminders' schedule, read from the one the server derives due tasks from. */
export function CareScheduleList() {
  return (
    <List>
      {CARE_SCHEDULE.map((rule) => (
        <li key={`${rule.task}-${rule.fromYears}`}>
          {TASKS[rule.task]} {every(rule)}
          {rule.task === 'checkup' ? '' : ` ${span(rule)}`}
        </li>
      ))}
    </List>
  );
}
