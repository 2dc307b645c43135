import type { ComponentPropsWithRef, ReactNode } from 'react';
import { Link } from 'react-router';
import { Spinner } from './spinner';

/*
 * The one button look: daisyUI's `btn` in the canopy theme's colours (primary is the brand green,
 * danger is `btn-error`), pill-shaped, at least 44 px tall at the default size so it is easy to
 * hit. `Button` is a <button>; `ButtonLink` is a router link that looks the same.
 */

export type ButtonVariant = 'primary' | 'secondary' | 'ghost' | 'danger';
export type ButtonSize = 'sm' | 'md' | 'lg';

export interface ButtonLook {
  /** primary (default): solid green; secondary: outlined; ghost: text only; danger: solid red. */
  variant?: ButtonVariant;
  size?: ButtonSize;
  /** Full width. */
  block?: boolean;
  /** A round button holding only an icon (give it an aria-label). */
  icon?: boolean;
  className?: string;
}

const VARIANT_CLASS: Record<ButtonVariant, string> = {
  primary: 'btn-primary',
  secondary: 'btn-outline border-2 border-base-content/30 hover:border-base-content',
  ghost: 'btn-ghost',
  danger: 'btn-error',
};

const SIZE_CLASS: Record<ButtonSize, string> = {
  sm: 'btn-sm px-4',
  // At least 44 px; taller only when a long label wraps.
  md: 'h-auto min-h-11 py-2 px-6 text-base',
  lg: 'btn-lg px-8',
};

const ICON_SIZE_CLASS: Record<ButtonSize, string> = {
  sm: 'btn-sm btn-circle',
  md: 'btn-circle size-11',
  lg: 'btn-lg btn-circle',
};

/** The classes of a button with this look, for the rare element that is neither of the two below. */
export function buttonClass({
  variant = 'primary',
  size = 'md',
  block = false,
  icon = false,
  className,
}: ButtonLook = {}): string {
  return [
    // Pill-shaped through daisyUI's own radius, so buttons still join up in a `join` group.
    'btn [--radius-field:9999px]',
    VARIANT_CLASS[variant],
    // A label longer than the screen is wide ("Organise a drive for <a long name>") wraps between
    // words inside the button instead of pushing the page sideways (issue 23 §4).
    icon ? ICON_SIZE_CLASS[size] : `${SIZE_CLASS[size]} max-w-full text-center`,
    block ? 'btn-block' : '',
    className ?? '',
  ]
    .filter(Boolean)
    .join(' ');
}

export type ButtonProps = ButtonLook &
  Omit<ComponentPropsWithRef<'button'>, 'className'> & {
    /** While true the button is off and shows a spinner with `busyLabel` (or its own text). */
    busy?: boolean;
    /** What the button says while busy, e.g. "Saving…". */
    busyLabel?: ReactNode;
  };

/**
 * A button. `type` defaults to "button" (pass `type="submit"` to send a form); `ref` and every
 * other prop reach the <button>.
 */
export function Button({
  variant,
  size,
  block,
  icon,
  className,
  busy = false,
  busyLabel,
  type = 'button',
  disabled,
  children,
  onMouseDown,
  ...rest
}: ButtonProps) {
  return (
    <button
      {...rest}
      type={type}
      onMouseDown={(event) => {
        // A submit press keeps focus in the field: checking that field on blur would show its
        // error line, push this button down and lose the click; the submit checks every field.
        if (type === 'submit') event.preventDefault();
        onMouseDown?.(event);
      }}
      className={buttonClass({ variant, size, block, icon, className })}
      disabled={busy || disabled}
      aria-busy={busy || undefined}
    >
      {busy ? (
        <>
          <Spinner />
          {busyLabel ?? children}
        </>
      ) : (
        children
      )}
    </button>
  );
}

export type ButtonLinkProps = ButtonLook & Omit<ComponentPropsWithRef<typeof Link>, 'className'>;

/** A router link that looks like a button (`ref` and every Link prop pass through). */
export function ButtonLink({ variant, size, block, icon, className, ...rest }: ButtonLinkProps) {
  return <Link {...rest} className={buttonClass({ variant, size, block, icon, className })} />;
}
