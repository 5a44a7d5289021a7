// Pulumi.yaml's main and where the program runs (project.go getPwdMain).
import * as fs from "node:fs";
import * as os from "node:os";
import * as path from "node:path";
import { pwdMain } from "../../harness/project";

test("the program runs in the directory of Pulumi.yaml's main: a file's directory, a directory itself, else the project (project.go getPwdMain)", () => {
  const root = fs.mkdtempSync(path.join(os.tmpdir(), "harness-main-"));
  try {
    fs.mkdirSync(path.join(root, "app"));
    fs.writeFileSync(path.join(root, "app", "index.js"), "");
    expect(pwdMain(root, "app/index.js")).toEqual({
      pwd: path.join(root, "app"),
      program: path.join(root, "app", "index.js"),
    });
    expect(pwdMain(root, "app/")).toEqual({ pwd: path.join(root, "app"), program: path.join(root, "app") });
    expect(pwdMain(root, undefined)).toEqual({ pwd: root, program: root });
    expect(() => pwdMain(root, "gone.js")).toThrow(/project 'main' could not be read/);
  } finally {
    fs.rmSync(root, { recursive: true, force: true });
  }
});
