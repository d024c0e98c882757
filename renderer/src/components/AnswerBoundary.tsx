import { Text } from '@mantine/core';
import { Component, type ErrorInfo, type ReactNode } from 'react';
import { shownLine, tooltipOf } from './respondentText';

interface Props {
  /** The value being drawn, shown as it came when drawing it fails. */
  raw: unknown;
  /** What failed, in the sentence: "This answer", "This section". */
  what?: string;
  children: ReactNode;
}

/** The raw value as text, for showing and copying when drawing it failed. */
function rawText(raw: unknown): string {
  if (typeof raw === 'string') return raw;
  try {
    return JSON.stringify(raw) ?? String(raw);
  } catch {
    return String(raw);
  }
}

/** Said in place of an answer that could not be drawn, with the value as it came. */
export function AnswerFailed({ raw, what = 'This answer' }: { raw: unknown; what?: string }) {
  const text = rawText(raw);
  return (
    <Text span size="sm" c="orange" data-state="answer-failed" title={tooltipOf(text)}>
      {what} could not be shown; as it came: <bdi dir="auto">{shownLine(text)}</bdi>
    </Text>
  );
}

/**
 * Keeps one answer (a table cell, a drawer section) that cannot be drawn from taking the screen
 * with it: says so in its place, with the value as it came.
 */
export class AnswerBoundary extends Component<Props, { failed: boolean }> {
  override state = { failed: false };

  static getDerivedStateFromError(): { failed: boolean } {
    return { failed: true };
  }

  override componentDidCatch(error: Error, info: ErrorInfo): void {
    console.error('An answer could not be drawn', error, info.componentStack);
  }

  override componentDidUpdate(previous: Props): void {
    // Another value in the same place gets a fresh try.
    if (this.state.failed && previous.raw !== this.props.raw) this.setState({ failed: false });
  }

  override render(): ReactNode {
    if (!this.state.failed) return this.props.children;
    return <AnswerFailed raw={this.props.raw} what={this.props.what} />;
  }
}
