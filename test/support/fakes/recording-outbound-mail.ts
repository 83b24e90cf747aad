import type { OutboundMail, OutboundMessage } from '../../../src/modules/notifications/application/ports/outbound-mail.port.js';

/** Records what was sent; fails the next `failNext` sends. */
export class RecordingOutbound implements OutboundMail {
  sent: OutboundMessage[] = [];
  failNext = 0;
  send(message: OutboundMessage): Promise<void> {
    if (this.failNext > 0) {
      this.failNext -= 1;
      return Promise.reject(new Error('421 try again later'));
    }
    this.sent.push(message);
    return Promise.resolve();
  }
}
