import { describe, expect, it, vi } from 'vitest';
import { copyText } from '../clipboard';

describe('copyText', () => {
  it('writes through the Clipboard API', async () => {
    const writeText = vi.fn().mockResolvedValue(undefined);
    vi.stubGlobal('navigator', { clipboard: { writeText } });

    await expect(copyText('invoices-k3j9x2ab@localhost')).resolves.toBe(true);
    expect(writeText).toHaveBeenCalledWith('invoices-k3j9x2ab@localhost');
  });

  it('falls back to the selection copy when the Clipboard API refuses', async () => {
    vi.spyOn(console, 'warn').mockImplementation(() => {});
    vi.stubGlobal('navigator', { clipboard: { writeText: vi.fn().mockRejectedValue(new Error('NotAllowedError')) } });
    let selected = '';
    const execCommand = vi.fn((command: string) => {
      selected = (document.activeElement as HTMLTextAreaElement | null)?.value ?? '';
      return command === 'copy';
    });
    Object.defineProperty(document, 'execCommand', { value: execCommand, configurable: true });
    const field = document.body.appendChild(document.createElement('input'));
    field.focus();

    await expect(copyText('invoices-k3j9x2ab@localhost')).resolves.toBe(true);

    expect(execCommand).toHaveBeenCalledWith('copy');
    expect(selected).toBe('invoices-k3j9x2ab@localhost');
    expect(document.querySelector('textarea')).toBeNull();
    expect(field).toHaveFocus();
    field.remove();
  });

  it('answers false, without throwing, when nothing can copy', async () => {
    vi.spyOn(console, 'warn').mockImplementation(() => {});
    vi.stubGlobal('navigator', {});
    Object.defineProperty(document, 'execCommand', { value: () => false, configurable: true });

    await expect(copyText('x')).resolves.toBe(false);
  });
});
