import { describe, expect, it } from "vitest";
import { AppError, errorData, errorResponse, failureToast, InvalidInputError, NotFoundError, redirectWithToast } from "./errors.server";

describe("the one error convention", () => {
  it("an app error answers a resource route with its status, text, code, details and headers", async () => {
    const error = new AppError("too-many", 429, "Please wait", { details: { retry: 3 }, headers: { "Retry-After": "3" } });
    const response = errorResponse(error);
    expect(response.status).toBe(429);
    expect(response.headers.get("retry-after")).toBe("3");
    expect(await response.json()).toEqual({ error: "Please wait", code: "too-many", retry: 3 });
  });

  it("anything that is not an app error is thrown on, as a bug", () => {
    const bug = new TypeError("boom");
    expect(() => errorResponse(bug)).toThrow(bug);
    expect(() => errorData(bug)).toThrow(bug);
  });

  it("a page action gets ok:false data with the field errors, and a 404 is thrown to the boundary", () => {
    const result = errorData(new InvalidInputError("Name is required", { name: "Name is required" }));
    expect(result.init?.status).toBe(400);
    expect(result.data).toEqual({ ok: false, error: "Name is required", code: "invalid-input", fields: { name: "Name is required" } });
    try {
      errorData(new NotFoundError());
      expect.unreachable();
    } catch (thrown) {
      expect((thrown as { init?: ResponseInit }).init?.status).toBe(404);
    }
  });

  it("a toast redirect carries the toast's code, not its text", () => {
    const response = redirectWithToast("/dashboard/tokens?tab=1", "tokens-claimed");
    expect(response.status).toBe(302);
    expect(response.headers.get("location")).toBe("/dashboard/tokens?tab=1&toast=tokens-claimed");
  });

  it("a failed action's toast is the app error's own when a toast has its code, else the fallback", () => {
    expect(failureToast(new AppError("too-many-checkouts", 429, "Please wait"), "checkout-failed")).toBe("too-many-checkouts");
    expect(failureToast(new AppError("unknown-package", 400, "No such package"), "checkout-failed")).toBe("checkout-failed");
    expect(failureToast(new TypeError("boom"), "claim-failed")).toBe("claim-failed");
  });
});
