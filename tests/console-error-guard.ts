import { installConsoleErrorGuard } from "./console-errors";

installConsoleErrorGuard();
