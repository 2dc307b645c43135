// @vitest-environment jsdom
import QRCode from 'qrcode';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { createQrReader } from './qr-decoder';

afterEach(() => {
  vi.restoreAllMocks();
  vi.unstubAllGlobals();
});

const CODE = 'K7QX-M2PA-9TWE-4HRB';

/** The RGBA pixels of CODE's QR code, `scale` pixels a module, with a 4-module quiet zone. */
function qrPixels(scale = 6) {
  const { modules } = QRCode.create(CODE, { errorCorrectionLevel: 'M' });
  const size = (modules.size + 8) * scale;
  const data = new Uint8ClampedArray(size * size * 4).fill(255);
  for (let y = 0; y < size; y++)
    for (let x = 0; x < size; x++) {
      const mx = Math.floor(x / scale) - 4;
      const my = Math.floor(y / scale) - 4;
      const dark =
        mx >= 0 && my >= 0 && mx < modules.size && my < modules.size && modules.get(my, mx);
      if (dark) data.fill(0, (y * size + x) * 4, (y * size + x) * 4 + 3);
    }
  return { data, width: size, height: size };
}

/** A video element showing `frame` (what the canvas gets when the frame is drawn on it). */
function videoShowing(frame: ReturnType<typeof qrPixels>) {
  const drawn: Array<[number, number]> = [];
  const context = {
    drawImage: (_v: unknown, _x: number, _y: number, w: number, h: number) => drawn.push([w, h]),
    getImageData: () => frame,
  };
  vi.spyOn(HTMLCanvasElement.prototype, 'getContext').mockReturnValue(
    context as unknown as CanvasRenderingContext2D,
  );
  const video = document.createElement('video');
  Object.defineProperty(video, 'videoWidth', { value: frame.width });
  Object.defineProperty(video, 'videoHeight', { value: frame.height });
  return { video, drawn };
}

describe('reading a pass from a camera frame', () => {
  it('uses jsQR on the frame drawn onto a canvas where the browser has no BarcodeDetector', async () => {
    vi.stubGlobal('BarcodeDetector', undefined);
    const { video, drawn } = videoShowing(qrPixels());
    const read = await createQrReader();
    expect(await read(video)).toBe(CODE);
    expect(drawn).toHaveLength(1);
  });

  it('reads nothing from a frame without a code, or before the camera gives frames', async () => {
    vi.stubGlobal('BarcodeDetector', undefined);
    const blank = { data: new Uint8ClampedArray(64 * 64 * 4).fill(255), width: 64, height: 64 };
    const { video } = videoShowing(blank);
    const read = await createQrReader();
    expect(await read(video)).toBeNull();
    expect(await read(document.createElement('video'))).toBeNull();
  });

  it("prefers the browser's BarcodeDetector when it reads QR codes", async () => {
    const detect = vi.fn(() => Promise.resolve([{ rawValue: CODE }]));
    vi.stubGlobal(
      'BarcodeDetector',
      class {
        static getSupportedFormats = () => Promise.resolve(['ean_13', 'qr_code']);
        detect = detect;
      },
    );
    const read = await createQrReader();
    expect(await read(document.createElement('video'))).toBe(CODE);
    expect(detect).toHaveBeenCalledOnce();
  });

  it('falls back to jsQR when the BarcodeDetector cannot read QR codes', async () => {
    const detect = vi.fn();
    vi.stubGlobal(
      'BarcodeDetector',
      class {
        static getSupportedFormats = () => Promise.resolve(['ean_13']);
        detect = detect;
      },
    );
    const { video } = videoShowing(qrPixels());
    const read = await createQrReader();
    expect(await read(video)).toBe(CODE);
    expect(detect).not.toHaveBeenCalled();
  });
});
