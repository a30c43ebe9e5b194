import { readFileSync } from "node:fs";
import path from "node:path";
import { initializeTestEnvironment, type RulesTestEnvironment } from "@firebase/rules-unit-testing";
import { setLogLevel } from "firebase/firestore";

/**
 * A rules-testing environment on the suite's own project, against the emulator the integration
 * set-up started, with the repository's firestore.rules: the one way every rules suite starts.
 * RULES_FILE names another rules file instead, to see a suite fail against an earlier version
 * (`git show HEAD~1:firestore.rules > /tmp/old.rules; RULES_FILE=/tmp/old.rules npx jest …`).
 */
export async function startRulesEnvironment(projectId: string): Promise<RulesTestEnvironment> {
  setLogLevel("silent"); // denied calls are expected in these suites; the SDK would log each one
  const [host, port] = (process.env.FIRESTORE_EMULATOR_HOST ?? "").split(":");
  return initializeTestEnvironment({
    projectId,
    firestore: {
      host,
      port: Number(port),
      rules: readFileSync(process.env.RULES_FILE || path.join(__dirname, "../../firestore.rules"), "utf8"),
    },
  });
}
