// Most visitors look without enquiring, so the dialog's code is fetched only when one starts to (pointer
// over or focus on "Make Enquiry"). The server renders it in place when the page is asked for with the
// dialog open (?enquire=1, the path without JavaScript), and the browser hydrates it once it arrives.
import { lazy } from "react";
import { EnquiryModal as EnquiryModalOnServer } from "~/messages/EnquiryModal";

export const loadEnquiryModal = () => import("~/messages/EnquiryModal");

export const EnquiryModalOnDemand = import.meta.env.SSR
  ? EnquiryModalOnServer
  : lazy(() => loadEnquiryModal().then((module) => ({ default: module.EnquiryModal })));
