import { describe, expect, it } from 'vitest';
import { isInAppPath } from './relative-time';

describe('isInAppPath', () => {
  it('follows only paths inside the app', () => {
    expect(isInAppPath('/app/delive-detail/1')).toBe(true);
    expect(isInAppPath('/app')).toBe(true);
    expect(isInAppPath(null)).toBe(false);
    expect(isInAppPath('//evil.example/app')).toBe(false);
    expect(isInAppPath('https://evil.example/app/x')).toBe(false);
    expect(isInAppPath('/application')).toBe(false);
    expect(isInAppPath('/app/\\evil')).toBe(false);
  });
});
