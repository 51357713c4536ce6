// @vitest-environment jsdom
import { act, cleanup, render } from "@testing-library/react";
import { afterEach, describe, expect, it } from "vitest";
import { useDeferredAnswer } from "./use-deferred-answer";

afterEach(cleanup);

function Probe({ answer, seen }: { answer: string[] | undefined; seen: Array<{ shown: string[] | undefined; catchingUp: boolean }> }) {
  seen.push(useDeferredAnswer(answer));
  return null;
}

describe("useDeferredAnswer", () => {
  it("renders an arriving answer first as still loading, then in a deferred render", async () => {
    const seen: Array<{ shown: string[] | undefined; catchingUp: boolean }> = [];
    const { rerender } = render(<Probe answer={undefined} seen={seen} />);
    expect(seen.at(-1)).toEqual({ shown: undefined, catchingUp: false });

    const answer = ["a", "b"];
    await act(async () => rerender(<Probe answer={answer} seen={seen} />));
    // The urgent render after the answer came still shows nothing and says so; the deferred one shows it.
    expect(seen).toContainEqual({ shown: undefined, catchingUp: true });
    expect(seen.at(-1)).toEqual({ shown: answer, catchingUp: false });

    const next = ["c"];
    await act(async () => rerender(<Probe answer={next} seen={seen} />));
    // A later answer never reads as loading: the earlier one stays until the new one is rendered.
    expect(seen.filter((s) => s.catchingUp)).toHaveLength(1);
    expect(seen.at(-1)).toEqual({ shown: next, catchingUp: false });
  });

  it("shows an answer that is there at mount (from the cache) at once", () => {
    const seen: Array<{ shown: string[] | undefined; catchingUp: boolean }> = [];
    const answer = ["x"];
    render(<Probe answer={answer} seen={seen} />);
    expect(seen).toEqual([{ shown: answer, catchingUp: false }]);
  });
});
