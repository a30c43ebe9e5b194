import PrivacyPage from "../../../../src/pages/privacy";
import { describePolicyPage } from "../../../support/policy-page";

// /privacy, the Privacy Policy: what personal data Kindred collects, and the choices members have, from content/legal/privacy.md.

describePolicyPage("privacy", PrivacyPage, "Privacy Policy");
