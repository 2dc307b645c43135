import { toast as sonner } from 'sonner';
import { localizeMessage } from '../../i18n/contract-messages';

type Title = Parameters<typeof sonner>[0];
type Rest = Parameters<typeof sonner> extends [unknown, ...infer R] ? R : never;

// A server's answer or a contract message is English: it shows in the member's language.
const say = (title: Title): Title => (typeof title === 'string' ? localizeMessage(title) : title);

/** sonner's toast, with contract messages translated (issue 26); every screen toasts through it. */
export const toast = Object.assign((title: Title, ...rest: Rest) => sonner(say(title), ...rest), {
  ...sonner,
  success: (title: Title, ...rest: Rest) => sonner.success(say(title), ...rest),
  error: (title: Title, ...rest: Rest) => sonner.error(say(title), ...rest),
  info: (title: Title, ...rest: Rest) => sonner.info(say(title), ...rest),
  warning: (title: Title, ...rest: Rest) => sonner.warning(say(title), ...rest),
  message: (title: Title, ...rest: Rest) => sonner.message(say(title), ...rest),
});
