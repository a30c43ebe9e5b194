import { isValidEmail } from "../../../../src/lib/email";

describe("isValidEmail (the newsletter's address rule)", () => {
  it.each([
    "asha@example.com",
    "first.last@example.co.in",
    "first-last_99@mail.example.org",
    "a@b.io",
    "name@sub-domain.example.museum".replace("museum", "network"),
    "  padded@example.com  ",
    "UPPER@EXAMPLE.COM",
  ])("accepts %s", (address) => {
    expect(isValidEmail(address)).toBe(true);
  });

  it.each([
    ["an empty field", ""],
    ["no @", "asha.example.com"],
    ["no domain dot", "asha@example"],
    ["a final label of 1 letter", "asha@example.c"],
    ["a final label of 8 letters", "asha@example.abcdefgh"],
    ["a digit in the final label", "asha@example.c0m"],
    ["a plus in the local part", "asha+news@example.com"],
    ["two @ signs", "asha@@example.com"],
    ["a space inside", "asha example@example.com"],
    ["an empty label", "asha@example..com"],
    ["an empty local part", "@example.com"],
  ])("rejects %s", (_case, address) => {
    expect(isValidEmail(address)).toBe(false);
  });

  it("accepts final labels of exactly 2 and exactly 7 letters", () => {
    expect(isValidEmail("asha@example.in")).toBe(true);
    expect(isValidEmail("asha@example.abcdefg")).toBe(true);
  });
});
