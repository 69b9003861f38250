/**
 * A fake camera for Chromium: a Y4M video showing one QR code, played by
 * `--use-file-for-fake-video-capture`. The frame is what a phone held still over a
 * printed code would see: the code's modules drawn black on white, 5 px per module (the
 * size html5-qrcode's bundled ZXing reads reliably in Linux Chromium; 6–7 px failed,
 * see stack-notes), inside a 4-module quiet zone, centred in a 640×480 picture.
 */
import { writeFileSync } from 'node:fs';
import QRCode from 'qrcode';

const width = 640;
const height = 480;
const pixelsPerModule = 5;
const quietZoneModules = 4;
const frameCount = 5;
// Studio-swing luma: black is 16, white 235; chroma 128 is grey, no colour.
const black = 16;
const white = 235;
const neutralChroma = 128;

/** The luma (Y) plane of one frame showing `text` as a QR code. */
function lumaPlane(text: string): Buffer {
  const { modules } = QRCode.create(text, { errorCorrectionLevel: 'M' });
  const side = (modules.size + 2 * quietZoneModules) * pixelsPerModule;
  if (side > height) throw new Error(`fake camera: "${text.slice(0, 40)}…" needs ${side} px, more than ${height}`);
  const plane = Buffer.alloc(width * height, white);
  const left = Math.floor((width - side) / 2) + quietZoneModules * pixelsPerModule;
  const top = Math.floor((height - side) / 2) + quietZoneModules * pixelsPerModule;
  for (let row = 0; row < modules.size; row += 1) {
    for (let column = 0; column < modules.size; column += 1) {
      if (!modules.get(row, column)) continue;
      for (let dy = 0; dy < pixelsPerModule; dy += 1) {
        const start = (top + row * pixelsPerModule + dy) * width + left + column * pixelsPerModule;
        plane.fill(black, start, start + pixelsPerModule);
      }
    }
  }
  return plane;
}

/** Writes a Y4M video at `path` whose every frame shows `text` as a QR code. */
export function writeQrY4m(text: string, path: string): void {
  const header = Buffer.from(`YUV4MPEG2 W${width} H${height} F10:1 Ip A1:1 C420jpeg\n`, 'ascii');
  const frame = Buffer.concat([
    Buffer.from('FRAME\n', 'ascii'),
    lumaPlane(text),
    Buffer.alloc((width / 2) * (height / 2) * 2, neutralChroma), // U, then V
  ]);
  writeFileSync(path, Buffer.concat([header, ...Array.from({ length: frameCount }, () => frame)]));
}
