import { useCallback, useEffect, useRef, useState } from 'react';
import { Button } from '../../../components/ui/button';
import { mutedText } from '../../../components/ui/looks';
import { createQrReader } from '../qr-decoder';
import { useT } from '../../../i18n/use-t';
import { attendanceMessages, type AttendanceKey } from '../messages';

type CameraState = 'off' | 'starting' | 'on' | 'no-camera' | 'denied' | 'busy' | 'failed';

/** How often a frame is read while the camera is on. */
const READ_EVERY_MS = 250;
/** The same code read again within this time is the same pass still in view, not a new scan. */
const SAME_CODE_MS = 4000;

const MESSAGES: Partial<Record<CameraState, AttendanceKey>> = {
  'no-camera': 'camera.noCamera',
  denied: 'camera.denied',
  busy: 'camera.busy',
  failed: 'camera.failed',
};

function cameraProblem(error: unknown): CameraState {
  const name = error instanceof Error || error instanceof DOMException ? error.name : '';
  if (name === 'NotAllowedError' || name === 'SecurityError') return 'denied';
  if (name === 'NotFoundError' || name === 'OverconstrainedError') return 'no-camera';
  if (name === 'NotReadableError') return 'busy';
  return 'failed';
}

/**
 * The camera scanner: "Scan passes" asks for the back camera and reads each frame for a QR code;
 * a code read is handed to `onCode` (once per pass in view). The camera stops with "Stop camera",
 * when the scanner leaves the screen, and when the page is hidden.
 */
export function PassScanner({
  onCode,
  disabled = false,
}: {
  onCode: (code: string) => void;
  disabled?: boolean;
}) {
  const [state, setState] = useState<CameraState>('off');
  const t = useT(attendanceMessages);
  const video = useRef<HTMLVideoElement>(null);
  const stream = useRef<MediaStream | null>(null);
  const timer = useRef<number | undefined>(undefined);
  const last = useRef<{ code: string; at: number } | null>(null);
  const onCodeRef = useRef(onCode);
  useEffect(() => {
    onCodeRef.current = onCode;
  }, [onCode]);
  // Bumped on every start and stop: a start that finishes after a stop lets its camera go.
  const generation = useRef(0);

  const stop = useCallback(() => {
    generation.current += 1;
    window.clearTimeout(timer.current);
    stream.current?.getTracks().forEach((track) => track.stop());
    stream.current = null;
    if (video.current) video.current.srcObject = null;
    setState((now) => (now === 'on' || now === 'starting' ? 'off' : now));
  }, []);

  const start = async () => {
    const mine = ++generation.current;
    if (!navigator.mediaDevices?.getUserMedia) {
      setState('no-camera');
      return;
    }
    setState('starting');
    try {
      const [camera, read] = await Promise.all([
        navigator.mediaDevices.getUserMedia({
          video: { facingMode: { ideal: 'environment' } },
          audio: false,
        }),
        createQrReader(),
      ]);
      if (mine !== generation.current || !video.current) {
        camera.getTracks().forEach((track) => track.stop());
        return;
      }
      stream.current = camera;
      video.current.srcObject = camera;
      await video.current.play().catch(() => undefined);
      setState('on');
      const tick = async () => {
        if (mine !== generation.current) return;
        const element = video.current;
        if (element && element.readyState >= HTMLMediaElement.HAVE_CURRENT_DATA) {
          const code = await read(element).catch(() => null);
          const now = Date.now();
          if (code && (last.current?.code !== code || now - last.current.at > SAME_CODE_MS)) {
            onCodeRef.current(code);
          }
          if (code) last.current = { code, at: now };
        }
        if (mine === generation.current) timer.current = window.setTimeout(tick, READ_EVERY_MS);
      };
      void tick();
    } catch (error) {
      if (mine === generation.current) setState(cameraProblem(error));
    }
  };

  // Leaving the page (or hiding it) lets the camera go.
  useEffect(() => {
    const onHidden = () => {
      if (document.visibilityState === 'hidden') stop();
    };
    document.addEventListener('visibilitychange', onHidden);
    return () => {
      document.removeEventListener('visibilitychange', onHidden);
      stop();
    };
  }, [stop]);

  const running = state === 'on' || state === 'starting';
  const message = MESSAGES[state];
  return (
    <div className="flex flex-col gap-3" data-testid="pass-scanner">
      <div
        className={`${running ? '' : 'hidden'} relative mx-auto w-full max-w-sm overflow-hidden rounded-box bg-neutral`}
      >
        <video
          ref={video}
          className="aspect-square w-full object-cover"
          muted
          playsInline
          aria-label={t('camera.view')}
        />
        <div
          className="pointer-events-none absolute inset-[15%] rounded-box border-4 border-white/80"
          aria-hidden="true"
        />
      </div>
      <p className="sr-only" role="status" aria-live="polite">
        {state === 'on' ? t('camera.on') : ''}
      </p>
      {message ? (
        <p role="alert" className="rounded-box bg-warning/15 p-3" data-testid="camera-message">
          {t(message)}
        </p>
      ) : null}
      <div className="flex flex-wrap items-center gap-3">
        {running ? (
          <Button variant="secondary" onClick={stop}>
            {t('camera.stop')}
          </Button>
        ) : (
          <Button onClick={() => void start()} disabled={disabled}>
            {t('camera.start')}
          </Button>
        )}
        {state === 'on' ? <span className={`text-sm ${mutedText}`}>{t('camera.hold')}</span> : null}
      </div>
    </div>
  );
}
