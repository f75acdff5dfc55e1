import { expect, test } from "vitest";
import { PDF, pngOf } from "../../factories/media";
import { createSignedInUser } from "../../factories/users";
import { fetchApp } from "../app";

// The media picker's list, as its fetcher asks for it (the single-fetch data request of the resource
// route): images only unless files are asked for, searchable, one by id for a field's preview.

async function upload(cookie: string, bytes: Uint8Array, name: string, type: string, alt = "") {
  const form = new FormData();
  form.set("file", new File([bytes as Uint8Array<ArrayBuffer>], name, { type }));
  form.set("alt", alt);
  const response = await fetchApp("/admin/media?index", { cookie, body: form });
  expect(response.status).toBe(302);
  return response.headers.get("Location")!.split("/").at(-1)!;
}

test("the picker lists images (or files), searches them and finds one by id, through its data request", async () => {
  const admin = await createSignedInUser({ roles: ["admin"] });
  const tag = crypto.randomUUID().slice(0, 8);
  const imageId = await upload(admin.cookie, await pngOf(50, 20), `picker-${tag}.png`, "image/png", "A tiny chart");
  const fileId = await upload(admin.cookie, PDF, `picker-${tag}.pdf`, "application/pdf");
  const ask = async (query: string) => {
    const response = await fetchApp(`/admin/media/picker.data?${query}&_routes=routes%2Fadmin.media.picker`, { cookie: admin.cookie });
    expect(response.status).toBe(200);
    return response.text();
  };
  const images = await ask(`q=picker-${tag}`);
  expect(images).toContain(`media:${imageId}`);
  expect(images).toContain(`/media/${imageId}/50.webp`);
  expect(images).not.toContain(fileId);
  const files = await ask(`q=picker-${tag}&kind=file`);
  expect(files).toContain(`media:${fileId}`);
  expect(files).not.toContain(imageId);
  expect(await ask(`id=${imageId}`)).toContain("A tiny chart");
  expect(await ask(`q=nothing-${tag}`)).not.toContain("media:");

  const client = await createSignedInUser({ roles: ["client"] });
  const refused = await fetchApp("/admin/media/picker?kind=image", { cookie: client.cookie });
  expect(refused.status).toBe(302);
  expect(refused.headers.get("Location")).toBe("/");
});
