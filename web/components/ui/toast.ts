import { toast as sonner } from 'sonner';
import { localizeMessage } from '../../i18n/contract-messages';

type Title = Parameters<typeof sonner>[0];
type Options = Parameters<typeof sonner>[1];

// A server's answer or a contract message is English: it shows in the member's language.
const say = (title: Title): Title => (typeof title === 'string' ? localizeMessage(title) : title);

/** sonner's toast, with contract messages translated (issue 26); every screen toasts through it. */
export const toast = Object.assign(
  (title: Title, options?: Options) => sonner(say(title), options),
  {
    ...sonner,
    success: (title: Title, options?: Options) => sonner.success(say(title), options),
    error: (title: Title, options?: Options) => sonner.error(say(title), options),
    info: (title: Title, options?: Options) => sonner.info(say(title), options),
    warning: (title: Title, options?: Options) => sonner.warning(say(title), options),
    message: (title: Title, options?: Options) => sonner.message(say(title), options),
  },
);
