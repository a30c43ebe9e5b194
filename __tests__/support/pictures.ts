import sharp from "sharp";

/** A real JPEG picture: a coloured field with a lighter square, so the crop has something to find. */
export async function picture(colour: string, width = 1600, height = 900): Promise<Buffer> {
  const square = await sharp({
    create: { width: Math.round(width / 4), height: Math.round(height / 4), channels: 3, background: "#f4f1ea" },
  })
    .png()
    .toBuffer();
  return sharp({ create: { width, height, channels: 3, background: colour } })
    .composite([{ input: square, left: Math.round(width / 3), top: Math.round(height / 3) }])
    .jpeg({ quality: 85 })
    .toBuffer();
}
