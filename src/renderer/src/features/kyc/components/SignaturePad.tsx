/** The signature item: a canvas drawn with pointer events, kept as a PNG data URL. */
import { Button } from 'antd-mobile';
import { type PointerEvent, useEffect, useRef } from 'react';

export function SignaturePad({
  id,
  label,
  value,
  onChange,
}: {
  id: string;
  label: string;
  value: string;
  onChange: (value: string) => void;
}) {
  const canvasRef = useRef<HTMLCanvasElement>(null);
  const drawing = useRef(false);
  const strokes = useRef(0);

  // Sizes the bitmap to the element and paints a saved signature back after a reload.
  // biome-ignore lint/correctness/useExhaustiveDependencies: only on mount; later values come from this pad
  useEffect(() => {
    const canvas = canvasRef.current;
    if (!canvas) return;
    canvas.width = canvas.clientWidth || 320;
    canvas.height = canvas.clientHeight || 160;
    const context = canvas.getContext('2d');
    if (!context || value === '') return;
    const image = new Image();
    image.onload = () => context.drawImage(image, 0, 0, canvas.width, canvas.height);
    image.src = value;
  }, []);

  const point = (event: PointerEvent<HTMLCanvasElement>) => {
    const rect = event.currentTarget.getBoundingClientRect();
    const canvas = event.currentTarget;
    return {
      x: ((event.clientX - rect.left) * canvas.width) / rect.width,
      y: ((event.clientY - rect.top) * canvas.height) / rect.height,
    };
  };
  const context = () => {
    const ctx = canvasRef.current?.getContext('2d');
    if (ctx) {
      ctx.lineWidth = 2.5;
      ctx.lineCap = 'round';
      ctx.lineJoin = 'round';
      ctx.strokeStyle = '#0d47a1';
    }
    return ctx;
  };

  return (
    <div>
      <canvas
        id={id}
        ref={canvasRef}
        className="signature-pad"
        role="img"
        aria-label={`${label} pad`}
        onPointerDown={(event) => {
          const ctx = context();
          if (!ctx) return;
          event.currentTarget.setPointerCapture(event.pointerId);
          drawing.current = true;
          const { x, y } = point(event);
          ctx.beginPath();
          ctx.moveTo(x, y);
        }}
        onPointerMove={(event) => {
          if (!drawing.current) return;
          const ctx = context();
          const { x, y } = point(event);
          ctx?.lineTo(x, y);
          ctx?.stroke();
        }}
        onPointerUp={() => {
          if (!drawing.current) return;
          drawing.current = false;
          strokes.current++;
          const canvas = canvasRef.current;
          if (canvas) onChange(canvas.toDataURL('image/png'));
        }}
      />
      <Button
        size="mini"
        fill="none"
        onClick={() => {
          const canvas = canvasRef.current;
          canvas?.getContext('2d')?.clearRect(0, 0, canvas.width, canvas.height);
          strokes.current = 0;
          onChange('');
        }}
      >
        Clear
      </Button>
    </div>
  );
}
