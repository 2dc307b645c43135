/*
 * Reading a pass's QR code from camera frames: the browser's own BarcodeDetector where it reads
 * QR codes (Chrome on Android, Safari 17+ on iOS), else jsQR on the frame drawn onto a canvas.
 * jsQR (~40 KB) is fetched only when a scan starts on a browser without the detector.
 */

/** Reads the QR code in the video's current frame, or null when there is none yet. */
export type QrReader = (video: HTMLVideoElement) => Promise<string | null>;

interface DetectedBarcode {
  rawValue: string;
}
interface BarcodeDetectorLike {
  detect(source: CanvasImageSource): Promise<DetectedBarcode[]>;
}
interface BarcodeDetectorClass {
  new (options: { formats: string[] }): BarcodeDetectorLike;
  getSupportedFormats?: () => Promise<string[]>;
}

/** Frames are scaled down to this width before jsQR reads them: quick, and a pass fills enough of it. */
const FRAME_WIDTH = 640;

async function nativeReader(): Promise<QrReader | null> {
  const Detector = (globalThis as { BarcodeDetector?: BarcodeDetectorClass }).BarcodeDetector;
  if (!Detector) return null;
  try {
    const formats = (await Detector.getSupportedFormats?.()) ?? ['qr_code'];
    if (!formats.includes('qr_code')) return null;
    const detector = new Detector({ formats: ['qr_code'] });
    return async (video) => {
      const found = await detector.detect(video);
      return found[0]?.rawValue ?? null;
    };
  } catch {
    return null;
  }
}

async function jsqrReader(): Promise<QrReader> {
  const { default: jsQR } = await import('jsqr');
  const canvas = document.createElement('canvas');
  const context = canvas.getContext('2d', { willReadFrequently: true });
  return (video) => {
    const width = video.videoWidth;
    const height = video.videoHeight;
    if (!context || width === 0 || height === 0) return Promise.resolve(null);
    const scale = Math.min(1, FRAME_WIDTH / width);
    canvas.width = Math.round(width * scale);
    canvas.height = Math.round(height * scale);
    context.drawImage(video, 0, 0, canvas.width, canvas.height);
    const frame = context.getImageData(0, 0, canvas.width, canvas.height);
    const code = jsQR(frame.data, frame.width, frame.height, { inversionAttempts: 'attemptBoth' });
    return Promise.resolve(code?.data || null);
  };
}

/** The best QR reader this browser has. */
export async function createQrReader(): Promise<QrReader> {
  return (await nativeReader()) ?? jsqrReader();
}
