import {
  ApiError,
  SANDBOX_API_VERSION,
  limitOf,
  list,
  load,
  metadataOf,
  obj,
  randomId,
  required,
  str,
  type Params,
  type StripeApiOptions,
  type StripeObject,
} from "./api-core";

// Stripe Connect in the local payments sandbox and the tests' fake Stripe: Express connected
// accounts, their onboarding links (to a hosted onboarding page, /payments-sandbox/connect/{link}),
// transfers from the platform to them and their reversals, and payouts from a connected account to
// its bank account (made with the Stripe-Account header; their events name the account, as Connect
// events do).
// What only Stripe does (the coach filling in its onboarding form, a payout landing or failing) is
// an exported function the sandbox's pages and the fake's test controls call.

/** How long an account link works, as at Stripe (a few minutes; each is single-use). */
const ACCOUNT_LINK_SECONDS = 300;

/** What Stripe asks an Australian individual for before an Express account can take transfers. */
const AU_ONBOARDING_REQUIREMENTS = [
  "business_profile.mcc",
  "business_type",
  "external_account",
  "individual.address.city",
  "individual.dob.day",
  "individual.first_name",
  "individual.last_name",
  "tos_acceptance.date",
];

async function raiseConnect(options: StripeApiOptions, type: string, object: StripeObject, account: string | null, previous?: Record<string, unknown>) {
  const event: StripeObject = {
    id: randomId("evt"),
    object: "event",
    api_version: SANDBOX_API_VERSION,
    created: options.now(),
    type,
    livemode: false,
    pending_webhooks: 1,
    request: { id: null, idempotency_key: null },
    ...(account ? { account } : {}),
    data: { object, ...(previous ? { previous_attributes: previous } : {}) },
  };
  await options.store.put(event);
  await options.emit(event);
}

function requirementsOf(due: string[], pending: string[], disabledReason: string | null) {
  return {
    alternatives: [],
    current_deadline: null,
    currently_due: due,
    disabled_reason: disabledReason,
    errors: [],
    eventually_due: due,
    past_due: due,
    pending_verification: pending,
  };
}

async function createAccount(options: StripeApiOptions, params: Params): Promise<StripeObject> {
  const type = str(params.type);
  if (type !== "express") throw new ApiError(400, "The sandbox makes Express accounts only: type must be express.", "parameter_invalid", "type");
  const country = str(params.country) ?? "AU";
  if (country !== "AU") throw new ApiError(400, "The sandbox makes Australian accounts only: country must be AU.", "parameter_invalid", "country");
  const transfers = str(obj(obj(params.capabilities).transfers).requested) === "true";
  const schedule = str(obj(obj(obj(params.settings).payouts).schedule).interval) ?? "daily";
  const account: StripeObject = {
    id: randomId("acct"),
    object: "account",
    type: "express",
    country: "AU",
    default_currency: "aud",
    email: str(params.email) ?? null,
    business_type: str(params.business_type) ?? null,
    created: options.now(),
    details_submitted: false,
    charges_enabled: false,
    payouts_enabled: false,
    capabilities: transfers ? { transfers: "inactive" } : {},
    requirements: requirementsOf(AU_ONBOARDING_REQUIREMENTS, [], "requirements.past_due"),
    settings: { payouts: { schedule: { interval: schedule, delay_days: 2 } } },
    metadata: metadataOf(params.metadata),
    livemode: false,
  };
  await options.store.put(account);
  return account;
}

async function createAccountLink(options: StripeApiOptions, params: Params): Promise<StripeObject> {
  const account = await load(options.store, required(params, "account"), "account").catch(() => {
    throw new ApiError(400, `No such account: '${str(params.account)}'`, "resource_missing", "account");
  });
  const type = required(params, "type");
  if (type !== "account_onboarding" && type !== "account_update") throw new ApiError(400, "Invalid type.", "parameter_invalid", "type");
  const refreshUrl = required(params, "refresh_url");
  const returnUrl = required(params, "return_url");
  const created = options.now();
  const link: StripeObject = {
    id: randomId("acctlink"),
    object: "account_link",
    account: account.id,
    type,
    refresh_url: refreshUrl,
    return_url: returnUrl,
    created,
    expires_at: created + ACCOUNT_LINK_SECONDS,
    used: false,
  };
  await options.store.put(link);
  // Stripe's AccountLink has no id: the URL is the link.
  return { object: "account_link", created, expires_at: link.expires_at, url: `${options.hostedPagesUrl}/connect/${link.id}` } as unknown as StripeObject;
}

function transferCapabilityActive(account: StripeObject): boolean {
  return (account.capabilities as { transfers?: string } | undefined)?.transfers === "active";
}

function positiveAmount(params: Params): number {
  const amount = Number(required(params, "amount"));
  if (!Number.isInteger(amount) || amount < 1) throw new ApiError(400, "Invalid positive integer", "parameter_invalid", "amount");
  return amount;
}

async function createTransfer(options: StripeApiOptions, params: Params): Promise<StripeObject> {
  const amount = positiveAmount(params);
  const currency = required(params, "currency").toLowerCase();
  const destinationId = required(params, "destination");
  const destination = await options.store.get(destinationId);
  if (!destination || destination.object !== "account") throw new ApiError(400, `No such destination: '${destinationId}'`, "resource_missing", "destination");
  if (!transferCapabilityActive(destination)) {
    throw new ApiError(
      400,
      "Your destination account needs to have at least one of the following capabilities enabled: transfers, crypto_transfers, legacy_payments",
      "insufficient_capabilities_for_transfer",
      "destination",
    );
  }
  const transfer: StripeObject = {
    id: randomId("tr"),
    object: "transfer",
    amount,
    amount_reversed: 0,
    currency,
    created: options.now(),
    description: str(params.description) ?? null,
    destination: destinationId,
    destination_payment: randomId("py"),
    livemode: false,
    metadata: metadataOf(params.metadata),
    reversals: { object: "list", data: [], has_more: false, url: "/v1/transfers/reversals" },
    reversed: false,
    source_transaction: str(params.source_transaction) ?? null,
    transfer_group: str(params.transfer_group) ?? null,
  };
  await options.store.put(transfer);
  await raiseConnect(options, "transfer.created", transfer, null);
  return transfer;
}

/** A reversal of all or part of a transfer (what the platform does in its dashboard or API): transfer.reversed. */
async function reverseTransfer(options: StripeApiOptions, transferId: string, params: Params): Promise<StripeObject> {
  const transfer = await load(options.store, transferId, "transfer");
  const left = Number(transfer.amount) - Number(transfer.amount_reversed ?? 0);
  const amount = params.amount === undefined ? left : positiveAmount(params);
  if (left <= 0 || amount > left)
    throw new ApiError(400, "The transfer has already been reversed in full, or the amount is more than is left.", "parameter_invalid", "amount");
  const reversal: StripeObject = {
    id: randomId("trr"),
    object: "transfer_reversal",
    amount,
    currency: transfer.currency,
    created: options.now(),
    metadata: metadataOf(params.metadata),
    transfer: transfer.id,
  };
  const reversals = transfer.reversals as { data: StripeObject[] };
  const reversedAmount = Number(transfer.amount_reversed ?? 0) + amount;
  const updated: StripeObject = {
    ...transfer,
    amount_reversed: reversedAmount,
    reversed: reversedAmount >= Number(transfer.amount),
    reversals: { ...reversals, data: [reversal, ...reversals.data] },
  };
  await options.store.put(updated);
  await raiseConnect(options, "transfer.reversed", updated, null, { amount_reversed: transfer.amount_reversed, reversed: transfer.reversed });
  return reversal;
}

async function createPayout(options: StripeApiOptions, params: Params, accountId: string | null): Promise<StripeObject> {
  if (!accountId) throw new ApiError(400, "The sandbox pays out from connected accounts only: send the Stripe-Account header.", "parameter_missing");
  const account = await options.store.get(accountId);
  if (!account || account.object !== "account") throw new ApiError(403, `The provided key does not have access to account '${accountId}'.`, "account_invalid");
  if (account.payouts_enabled !== true) throw new ApiError(400, "Payouts are not enabled on this account.", "payouts_not_allowed");
  const created = options.now();
  const payout: StripeObject = {
    id: randomId("po"),
    object: "payout",
    // Where it lives: only its account sees it (the store keeps one namespace for every account).
    account: accountId,
    amount: positiveAmount(params),
    currency: required(params, "currency").toLowerCase(),
    arrival_date: created + 2 * 86_400,
    automatic: false,
    created,
    description: str(params.description) ?? null,
    destination: `ba_${accountId.slice(5, 21)}`,
    failure_code: null,
    failure_message: null,
    livemode: false,
    metadata: metadataOf(params.metadata),
    method: "standard",
    status: "pending",
    type: "bank_account",
  };
  await options.store.put(payout);
  await raiseConnect(options, "payout.created", publicPayout(payout), accountId);
  if (options.payoutsArriveAtOnce) return settleConnectPayout(options, payout.id, "paid");
  return publicPayout(payout);
}

function publicPayout(payout: StripeObject): StripeObject {
  const { account: _account, ...rest } = payout;
  return rest as StripeObject;
}

async function loadOnAccount(options: StripeApiOptions, id: string, object: string, accountId: string | null): Promise<StripeObject> {
  const found = await load(options.store, id, object);
  if (found.account !== accountId) throw new ApiError(404, `No such ${object}: '${id}'`);
  return found;
}

/** Answers a Connect request, or undefined when the path is not one of Connect's. */
export async function routeConnect(
  method: string,
  segments: string[],
  params: Params,
  options: StripeApiOptions,
  stripeAccount: string | null,
): Promise<unknown> {
  const [, resource, id, sub] = segments;
  if (resource !== "accounts" && resource !== "account_links" && resource !== "transfers" && resource !== "payouts") return undefined;
  if (method === "POST" && resource === "transfers" && id && sub === "reversals" && segments.length === 4) return reverseTransfer(options, id, params);
  if (sub !== undefined) return undefined;
  switch (`${method} ${resource}`) {
    case "POST accounts":
      if (id) return undefined;
      return createAccount(options, params);
    case "GET accounts":
      if (!id) return undefined;
      return load(options.store, id, "account");
    case "POST account_links":
      if (id) return undefined;
      return createAccountLink(options, params);
    case "POST transfers":
      if (id) return undefined;
      return createTransfer(options, params);
    case "GET transfers": {
      if (id) return load(options.store, id, "transfer");
      const group = str(params.transfer_group);
      const destination = str(params.destination);
      const transfers = (await options.store.list("transfer")).filter(
        (t) => (group === undefined || t.transfer_group === group) && (destination === undefined || t.destination === destination),
      );
      return list(transfers.slice(0, limitOf(params)), "/v1/transfers");
    }
    case "POST payouts":
      if (id) return undefined;
      return createPayout(options, params, stripeAccount);
    case "GET payouts":
      if (!id) return undefined;
      return publicPayout(await loadOnAccount(options, id, "payout", stripeAccount));
  }
  return undefined;
}

export type OnboardingOutcome = "verified" | "pending" | "incomplete";

/** An onboarding link, if it can still be used: not used before and not expired. */
export async function openAccountLink(options: StripeApiOptions, linkId: string): Promise<{ link: StripeObject; usable: boolean } | null> {
  const link = await options.store.get(linkId);
  if (!link || link.object !== "account_link") return null;
  return { link, usable: link.used !== true && Number(link.expires_at) > options.now() };
}

/**
 * What the account becomes when its holder submits Stripe's onboarding form: verified at once,
 * submitted and waiting for verification, or left unfinished; then account.updated. Answers the
 * URL Stripe would send them to: the link's return_url (or its refresh_url if it cannot be used).
 */
export async function submitConnectOnboarding(options: StripeApiOptions, linkId: string, outcome: OnboardingOutcome): Promise<string> {
  const opened = await openAccountLink(options, linkId);
  if (!opened) throw new ApiError(404, `No such account link: '${linkId}'`);
  if (!opened.usable) return String(opened.link.refresh_url);
  await options.store.put({ ...opened.link, used: true });
  const account = await load(options.store, String(opened.link.account), "account");
  if (outcome !== "incomplete") {
    const verified = outcome === "verified";
    const updated: StripeObject = {
      ...account,
      details_submitted: true,
      payouts_enabled: verified,
      capabilities: { ...(account.capabilities as object), transfers: verified ? "active" : "pending" },
      requirements: requirementsOf([], verified ? [] : ["individual.verification.document"], verified ? null : "requirements.pending_verification"),
    };
    await options.store.put(updated);
    await raiseConnect(options, "account.updated", updated, updated.id, { details_submitted: false, payouts_enabled: false });
  }
  return String(opened.link.return_url);
}

/** Stripe finishes checking an account (or restricts it): account.updated. */
export async function verifyConnectAccount(options: StripeApiOptions, accountId: string, result: "verified" | "restricted"): Promise<StripeObject> {
  const account = await load(options.store, accountId, "account");
  const verified = result === "verified";
  const updated: StripeObject = {
    ...account,
    details_submitted: true,
    payouts_enabled: verified,
    capabilities: { ...(account.capabilities as object), transfers: verified ? "active" : "inactive" },
    requirements: verified ? requirementsOf([], [], null) : requirementsOf(["individual.verification.document"], [], "requirements.past_due"),
  };
  await options.store.put(updated);
  await raiseConnect(options, "account.updated", updated, accountId, { payouts_enabled: account.payouts_enabled });
  return updated;
}

/** A payout to the coach's bank lands (payout.paid) or is returned (payout.failed). */
export async function settleConnectPayout(options: StripeApiOptions, payoutId: string, result: "paid" | "failed"): Promise<StripeObject> {
  const payout = await load(options.store, payoutId, "payout");
  const settled: StripeObject = {
    ...payout,
    status: result,
    ...(result === "failed" ? { failure_code: "account_closed", failure_message: "The bank account has been closed." } : {}),
  };
  await options.store.put(settled);
  await raiseConnect(options, `payout.${result}`, publicPayout(settled), String(payout.account), { status: payout.status });
  return publicPayout(settled);
}
