import TermsPage from "../../../../src/pages/terms";
import { describePolicyPage } from "../../../support/policy-page";

// /terms, the Terms and Conditions: who may use Kindred, and the rules of using it, from content/legal/terms.md.

describePolicyPage("terms", TermsPage, "Terms and Conditions");
