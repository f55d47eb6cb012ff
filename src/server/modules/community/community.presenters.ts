import type { Comment, Post } from '../../../shared/schemas/community';

/** A post or a comment before its mentioned members' names are added (mention-names.ts). */
export type PostCard = Omit<Post, 'mentions'>;
export type CommentCard = Omit<Comment, 'mentions'>;
/** A post card as the feed query reads it (dates as Date). */
export type PostRow = Omit<PostCard, 'createdAt'> & { createdAt: Date };
/** A comment as the comments query reads it. */
export type CommentRow = Omit<CommentCard, 'createdAt'> & { createdAt: Date };

export function presentPost(row: PostRow): PostCard {
  return {
    id: row.id,
    userId: row.userId,
    userName: row.userName,
    userAvatar: row.userAvatar,
    title: row.title,
    description: row.description,
    image: row.image,
    nicho: row.nicho,
    formato: row.formato,
    categoria: row.categoria,
    createdAt: row.createdAt.toISOString(),
    likeCount: row.likeCount,
    commentCount: row.commentCount,
    likedByMe: row.likedByMe,
  };
}

export const presentComment = (row: CommentRow): CommentCard => ({
  ...row,
  createdAt: row.createdAt.toISOString(),
});
