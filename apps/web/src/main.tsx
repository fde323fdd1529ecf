import { StrictMode } from "react";
import { createRoot } from "react-dom/client";
import { App } from "./app/app";
import { applyTextSize, deviceStorage, readTextSize } from "./lib/text-size";
import "./index.css";

// The reading text size is this device's setting: applied before the first paint, so nothing jumps.
applyTextSize(document.documentElement, readTextSize(deviceStorage()));

const container = document.getElementById("root");
if (!container) throw new Error("Missing #root element");

createRoot(container).render(
  <StrictMode>
    <App />
  </StrictMode>,
);
