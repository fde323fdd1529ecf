import { useCallback, useEffect, useRef } from "react";
import { Modal } from "../../../components/ui/modal";
import { buttonClass } from "../../../components/ui/styles";
import { useAuth } from "../../../lib/auth-store";
import { useLocation } from "../../../lib/navigation";
import { loginPath } from "../../../lib/redirect";

export const SESSION_EXPIRED_DELAY_MS = 4000;

/** Shown while the session-expired flag is set; signs out after 4 s or on the button. */
export function SessionExpiredModal() {
  const { state, dispatch } = useAuth();
  const location = useLocation();
  const buttonRef = useRef<HTMLButtonElement>(null);
  const currentPath = `${location.pathname}${location.search}`;
  const role = state.role;

  const finish = useCallback(() => {
    dispatch({ type: "LOGOUT", redirectTo: loginPath(role, currentPath) });
  }, [dispatch, role, currentPath]);

  useEffect(() => {
    const timer = setTimeout(finish, SESSION_EXPIRED_DELAY_MS);
    return () => clearTimeout(timer);
  }, [finish]);

  return (
    <Modal
      title="Session Expired"
      initialFocusRef={buttonRef}
      onClose={finish}
      footer={
        <button ref={buttonRef} type="button" onClick={finish} className={buttonClass.primary}>
          Got it, thanks!
        </button>
      }
    >
      <p>Your current login session has expired. Redirecting to login page shortly</p>
    </Modal>
  );
}
