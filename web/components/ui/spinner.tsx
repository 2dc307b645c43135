const SIZE_CLASS = { xs: 'loading-xs', sm: 'loading-sm', lg: 'loading-lg' } as const;

/** daisyUI's spinner; decorative, so the text beside it (or a screen-reader line) says what loads. */
export function Spinner({
  size = 'sm',
  className = '',
}: {
  size?: keyof typeof SIZE_CLASS;
  className?: string;
}) {
  return (
    <span
      className={`loading loading-spinner ${SIZE_CLASS[size]}${className ? ` ${className}` : ''}`}
      aria-hidden="true"
    />
  );
}
