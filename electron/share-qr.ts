/**
 * The sharing address as a QR code's modules, for the GM window to draw (ShareDialog.svelte draws
 * them as squares: no markup crosses IPC). Error correction M: a phone reads it off a laptop
 * screen across a table, glare and all.
 */
import qrcode from 'qrcode-generator';
import type { QrModules } from './ipc-contract';

export function qrModules(text: string): QrModules {
  // 0: the smallest version the text fits in.
  const code = qrcode(0, 'M');
  code.addData(text, 'Byte');
  code.make();
  const size = code.getModuleCount();
  let dark = '';
  for (let row = 0; row < size; row += 1) {
    for (let column = 0; column < size; column += 1) dark += code.isDark(row, column) ? '1' : '0';
  }
  return { size, dark };
}
