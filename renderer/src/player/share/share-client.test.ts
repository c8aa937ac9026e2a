import { describe, expect, it } from 'vitest';
import { ask, qrPath, watchingWords } from './share-client';

describe('the share dialog\'s client', () => {
  it('draws each run of dark modules on a row as one rectangle', () => {
    // 3 × 3: a dark top row, a lone centre, a dark bottom-left pair.
    expect(qrPath({ size: 3, dark: '111010110' })).toBe('M0 0h3v1h-3zM1 1h1v1h-1zM0 2h2v1h-2z');
    expect(qrPath({ size: 2, dark: '0000' })).toBe('');
  });

  it('turns a refused call into a failure with the main process\'s reason', async () => {
    const refused = await ask(() => Promise.reject(new Error("Error invoking remote method 'share:start': IpcRefusedError: share:start refused: address must be an IPv4 address such as 192.168.1.20")));
    expect(refused).toEqual({ ok: false, code: 'share/refused', message: 'address must be an IPv4 address such as 192.168.1.20' });
    const failed = await ask(async () => ({ ok: false, code: 'share/start-failed', message: 'Port 5199 is in use.' }));
    expect(failed).toEqual({ ok: false, code: 'share/start-failed', message: 'Port 5199 is in use.' });
  });

  it('says how many phones watch in words', () => {
    expect(watchingWords(0)).toBe('No phone watching yet');
    expect(watchingWords(1)).toBe('1 phone watching');
    expect(watchingWords(12)).toBe('12 phones watching');
  });
});
