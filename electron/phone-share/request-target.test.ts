import { describe, expect, it } from 'vitest';
import { readTarget, type PhoneTarget } from './request-target';

describe('readTarget', () => {
  const read: [string, PhoneTarget | null][] = [
    ['/ab3k-9xq2/', { kind: 'file', code: 'ab3k-9xq2', file: 'index.html' }],
    ['/AB3K9XQ2/', { kind: 'file', code: 'AB3K9XQ2', file: 'index.html' }],
    ['/ab3k-9xq2', { kind: 'bare', code: 'ab3k-9xq2' }],
    ['/ab3k-9xq2/screen', { kind: 'stream', code: 'ab3k-9xq2' }],
    ['/ab3k-9xq2/screen?x=1', { kind: 'stream', code: 'ab3k-9xq2' }],
    ['/ab3k-9xq2/assets/index-B_x3.js', { kind: 'file', code: 'ab3k-9xq2', file: 'assets/index-B_x3.js' }],
    ['/ab3k-9xq2/?fbclid=abc', { kind: 'file', code: 'ab3k-9xq2', file: 'index.html' }],
    ['/ab3k-9xq2/..', null],
    ['/ab3k-9xq2/../campaign.json', null],
    ['/ab3k-9xq2/assets/../index.html', null],
    ['/ab3k-9xq2/./index.html', null],
    ['/ab3k-9xq2//index.html', null],
    ['/ab3k-9xq2/%2e%2e/campaign.json', null],
    ['/ab3k-9xq2/..%2fcampaign.json', null],
    ['/ab3k-9xq2/assets%2fapp.js', null],
    ['/ab3k-9xq2/..\\campaign.json', null],
    ['/ab3k-9xq2/index.html%00', null],
    ['/ab3k-9xq2/index.html\0', null],
    ['/ab3k-9xq2/ïndex.html', null],
    ['/ab3k-9xq2/index html', null],
    ['http://127.0.0.1/ab3k-9xq2/', null],
    ['//evil.example/ab3k-9xq2/', null],
    ['*', null],
    ['', null],
    ['/', null],
    ['?/ab3k-9xq2/', null],
    [`/ab3k-9xq2/${'a'.repeat(300)}`, null],
  ];
  it.each(read)('reads %j', (target, expected) => {
    expect(readTarget(target, 256)).toEqual(expected);
  });
});
