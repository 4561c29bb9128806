import { describe, expect, it } from "vitest";
import { whatsappBody } from "@balcao/common";
import { connectionFormSchema, emptyCloudForm, emptyConnectionForm, generateToken, toBody, toFormBody, toFormValues } from "./connectionForm";

describe("connection form", () => {
  it("generates 40-character alphanumeric tokens the API accepts", () => {
    const a = generateToken();
    expect(a).toMatch(/^[A-Za-z0-9]{40}$/);
    expect(generateToken()).not.toBe(a);
    expect(whatsappBody.safeParse({ name: "Loja", token: a }).success).toBe(true);
  });

  it("sends blanks as none and keeps the stored token when the field is empty", () => {
    const body = whatsappBody.parse(toBody({ ...emptyConnectionForm, name: "Loja", timeToTransfer: "5", transferQueueId: "3" }));
    expect(body).toMatchObject({ name: "Loja", channel: "sandbox", timeToTransfer: 5, transferQueueId: 3, promptId: null, expiresTicket: null });
    expect(body.token).toBeUndefined();
    expect(whatsappBody.safeParse(toBody({ ...emptyConnectionForm, name: "X" })).error?.issues[0]).toMatchObject({ path: ["name"], message: "Too Short!" });
  });

  it("fills the form from a record", () => {
    const values = toFormValues({
      id: 1,
      name: "Loja",
      status: "CONNECTED",
      updatedAt: "",
      isDefault: true,
      channel: "sandbox",
      queues: [{ id: 4, name: "Q", color: "#fff" }],
      timeToTransfer: 10,
      transferQueueId: 4,
      expiresTicket: 0,
    });
    expect(values).toMatchObject({ name: "Loja", isDefault: true, queueIds: [4], timeToTransfer: "10", transferQueueId: "4", expiresTicket: "", promptId: "" });
  });

  it("sends the cloud settings only for the cloud channel, leaving blank secrets out", () => {
    const cloud = { ...emptyCloudForm, phoneNumberId: " 1234567890 ", verifyToken: "verify-me-please", accessToken: "EAAG", appSecret: "s3cret" };
    expect(toBody({ ...emptyConnectionForm, name: "Loja", cloud }).cloud).toBeUndefined();
    const body = connectionFormSchema.parse(toFormBody({ ...emptyConnectionForm, name: "Loja", channel: "cloud", cloud }));
    expect(body.cloud).toEqual({ phoneNumberId: "1234567890", verifyToken: "verify-me-please", accessToken: "EAAG", appSecret: "s3cret", messagesPerSecond: 80 });
    expect(body).not.toHaveProperty("storedSecrets");
    expect(whatsappBody.safeParse(body).success).toBe(true);

    // adding: both secrets are required
    const missing = connectionFormSchema.safeParse(toFormBody({ ...emptyConnectionForm, name: "Loja", channel: "cloud", cloud: { ...cloud, accessToken: "", appSecret: " " } }));
    expect(missing.error?.issues.map((i) => i.path.join("."))).toEqual(["cloud.accessToken", "cloud.appSecret"]);
    // editing with secrets stored: blanks keep them, so they are not sent
    const edited = connectionFormSchema.parse(toFormBody({ ...emptyConnectionForm, name: "Loja", channel: "cloud", cloud: { ...cloud, accessToken: "", appSecret: "", hasAccessToken: true, hasAppSecret: true } }));
    expect(edited.cloud).toEqual({ phoneNumberId: "1234567890", verifyToken: "verify-me-please", messagesPerSecond: 80 });
    // the API's own rules still apply
    const bad = connectionFormSchema.safeParse(
      toFormBody({ ...emptyConnectionForm, name: "Loja", channel: "cloud", cloud: { ...cloud, phoneNumberId: "abc", verifyToken: "short", apiVersion: "21", messagesPerSecond: "1001" } }),
    );
    expect(bad.error?.issues.map((i) => i.path.join(".")).sort()).toEqual(["cloud.apiVersion", "cloud.messagesPerSecond", "cloud.phoneNumberId", "cloud.verifyToken"]);
    const fraction = connectionFormSchema.safeParse(toFormBody({ ...emptyConnectionForm, name: "Loja", channel: "cloud", cloud: { ...cloud, messagesPerSecond: "2.5" } }));
    expect(fraction.error?.issues.map((i) => i.path.join("."))).toEqual(["cloud.messagesPerSecond"]);
  });

  it("fills the cloud settings from a record, secrets blank", () => {
    const values = toFormValues({
      id: 2,
      name: "Cloud",
      status: "CONNECTED",
      updatedAt: "",
      isDefault: false,
      channel: "cloud",
      cloud: {
        phoneNumberId: "123",
        accessToken: "",
        appSecret: "",
        hasAccessToken: true,
        hasAppSecret: false,
        verifyToken: "verify-me-please",
        graphUrl: "https://graph.facebook.com",
        apiVersion: "v21.0",
        businessAccountId: "102290129340398",
        messagesPerSecond: 20,
      },
    });
    expect(values.channel).toBe("cloud");
    expect(values.cloud).toEqual({
      phoneNumberId: "123",
      accessToken: "",
      appSecret: "",
      verifyToken: "verify-me-please",
      graphUrl: "https://graph.facebook.com",
      apiVersion: "v21.0",
      businessAccountId: "102290129340398",
      messagesPerSecond: "20",
      hasAccessToken: true,
      hasAppSecret: false,
    });
  });
});
