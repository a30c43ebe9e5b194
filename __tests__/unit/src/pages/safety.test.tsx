import SafetyPage from "../../../../src/pages/safety";
import { describePolicyPage } from "../../../support/policy-page";

// /safety, the Safety and Child Protection Policy: how Kindred prevents and responds to harm, from content/legal/safety.md.

describePolicyPage("safety", SafetyPage, "Safety and Child Protection Policy");
