// A fake-API answer the test releases when it chooses, to look at the screen while a call runs.

type Reply = { status: number; body?: unknown };

export function heldReply() {
  let release: (reply: Reply) => void = () => {};
  const reply = new Promise<Reply>((resolve) => {
    release = resolve;
  });
  return { handler: () => reply, release: (value: Reply) => release(value) };
}
