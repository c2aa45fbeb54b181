/**
 * Catches render failures outside the router's own error handling (providers, shell) and reports them.
 * A class because React offers error boundaries only as class components.
 */
import { Component, type ErrorInfo, type ReactNode } from 'react';
import { SomethingWentWrong } from './SomethingWentWrong.tsx';

interface ErrorBoundaryProps {
  onError: (error: unknown) => void;
  children: ReactNode;
}

export class ErrorBoundary extends Component<ErrorBoundaryProps, { failed: boolean }> {
  override state = { failed: false };

  static getDerivedStateFromError(): { failed: boolean } {
    return { failed: true };
  }

  override componentDidCatch(error: unknown, _info: ErrorInfo): void {
    this.props.onError(error);
  }

  override render(): ReactNode {
    return this.state.failed ? <SomethingWentWrong /> : this.props.children;
  }
}
