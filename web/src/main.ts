// Entry point: styles (KaTeX's with its self-hosted fonts) and the app.
import "katex/dist/katex.min.css";
import "./styles.css";
import { startApp } from "./app";

void startApp(document);
