/**
 * The slider-puzzle verification (PRODUCT.md §2), loaded on demand: drag the piece along the
 * track until it fits its hole. Pointer and keyboard (arrows, Enter) both work.
 */
import { Popup } from 'antd-mobile';
import { type KeyboardEvent, type PointerEvent, useRef, useState } from 'react';
import {
  clampDrag,
  PIECE_SIZE,
  PUZZLE_HEIGHT,
  PUZZLE_WIDTH,
  pieceFits,
  randomTarget,
} from './puzzle';
import './login.css';

type Status = 'dragging' | 'idle' | 'failed' | 'passed';

export interface PuzzleProps {
  onSuccess: () => void;
  onClose: () => void;
  width?: number;
  height?: number;
}

const PICTURE =
  'radial-gradient(circle at 20% 30%, #ffd54f 0 18%, transparent 19%),' +
  'radial-gradient(circle at 75% 70%, #4db6ac 0 22%, transparent 23%),' +
  'linear-gradient(135deg, #5c6bc0 0%, #26a69a 50%, #ef5350 100%)';

export default function PuzzlePopup({
  onSuccess,
  onClose,
  width = PUZZLE_WIDTH,
  height = PUZZLE_HEIGHT,
}: PuzzleProps) {
  const [target, setTarget] = useState(() => randomTarget(Math.random, width, height));
  const [x, setX] = useState(0);
  const [status, setStatus] = useState<Status>('idle');
  const start = useRef<{ pointerX: number; x: number } | null>(null);

  const drop = (dropX: number) => {
    if (pieceFits(dropX, target)) {
      setStatus('passed');
      setTimeout(onSuccess, 300);
      return;
    }
    setStatus('failed');
    setTimeout(() => {
      setTarget(randomTarget(Math.random, width, height));
      setX(0);
      setStatus('idle');
    }, 500);
  };

  const onPointerDown = (event: PointerEvent<HTMLDivElement>) => {
    if (status !== 'idle') return;
    event.currentTarget.setPointerCapture(event.pointerId);
    start.current = { pointerX: event.clientX, x };
    setStatus('dragging');
  };
  const onPointerMove = (event: PointerEvent<HTMLDivElement>) => {
    if (!start.current) return;
    setX(clampDrag(start.current.x + event.clientX - start.current.pointerX, width));
  };
  const onPointerUp = () => {
    if (!start.current) return;
    start.current = null;
    drop(x);
  };
  const onKeyDown = (event: KeyboardEvent<HTMLDivElement>) => {
    if (status !== 'idle') return;
    if (event.key === 'ArrowRight') setX((v) => clampDrag(v + 2, width));
    else if (event.key === 'ArrowLeft') setX((v) => clampDrag(v - 2, width));
    else if (event.key === 'Enter') drop(x);
    else return;
    event.preventDefault();
  };

  return (
    <Popup visible onMaskClick={onClose} bodyClassName="puzzle-popup">
      <div className="puzzle" style={{ width }}>
        <div className="puzzle__head">
          <span>Drag the slider to fit the piece</span>
          <button type="button" className="text-button" onClick={onClose} aria-label="Close">
            ×
          </button>
        </div>
        <div
          className="puzzle__picture"
          data-testid="puzzle-picture"
          data-target-x={target.x}
          style={{ width, height, backgroundImage: PICTURE }}
        >
          <div
            className="puzzle__hole"
            style={{ left: target.x, top: target.y, width: PIECE_SIZE, height: PIECE_SIZE }}
          />
          <div
            className={`puzzle__piece puzzle__piece--${status}`}
            style={{
              left: x,
              top: target.y,
              width: PIECE_SIZE,
              height: PIECE_SIZE,
              backgroundImage: PICTURE,
              backgroundSize: `${width}px ${height}px`,
              backgroundPosition: `${-target.x}px ${-target.y}px`,
            }}
          />
        </div>
        <div className={`puzzle__track puzzle__track--${status}`} style={{ width }}>
          <div
            className="puzzle__handle"
            role="slider"
            tabIndex={0}
            aria-label="Puzzle slider"
            aria-valuemin={0}
            aria-valuemax={width - PIECE_SIZE}
            aria-valuenow={Math.round(x)}
            style={{ transform: `translateX(${x}px)`, width: PIECE_SIZE }}
            onPointerDown={onPointerDown}
            onPointerMove={onPointerMove}
            onPointerUp={onPointerUp}
            onPointerCancel={onPointerUp}
            onKeyDown={onKeyDown}
          >
            ›
          </div>
          <span className="puzzle__hint" aria-live="polite">
            {status === 'passed' ? 'Verified' : status === 'failed' ? 'Try again' : ''}
          </span>
        </div>
      </div>
    </Popup>
  );
}
