// Assets as the engine sends them to a provider (rpc.go ElideAssetContents).
import { ASSET_SIG, elideAssets, restoreElidedAssets } from "../../harness/assets";
import { type PropertyMap, SIG_KEY, makeSecret } from "../../harness/props";

const secret = (v: PropertyMap[string]) => makeSecret(v);

test("assets go to Diff, Read and Delete as signature and hash, and Read's echo gets its fields back (rpc.go ElideAssetContents, restoreElidedAssetContents)", () => {
  const file = { [SIG_KEY]: ASSET_SIG, path: "floor.png", hash: "abc" };
  const elided = elideAssets({ image: file, list: [secret(file)] });
  expect(elided).toEqual({
    image: { [SIG_KEY]: ASSET_SIG, hash: "abc" },
    list: [secret({ [SIG_KEY]: ASSET_SIG, hash: "abc" })],
  });
  const echoed: PropertyMap = { image: { [SIG_KEY]: ASSET_SIG, hash: "abc" } };
  restoreElidedAssets({ image: file }, echoed);
  expect(echoed).toEqual({ image: file });
});
